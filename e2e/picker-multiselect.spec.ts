// Multi-select in the picker, in browser mode: Ctrl+click toggles, Shift+click selects a range, Shift+Arrow
// extends it, Space toggles and Escape clears; rows carry aria-selected and data-selected; the selection bar
// adds the selection to the tray and watches it through the real engine; the selection outlives a search
// (the bar counts what is not shown); the row menu on a selected row acts on the whole selection.
import type { Page } from '@playwright/test';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

const selectedUris = (page: Page) =>
  page.locator('[data-testid="resource-row"][data-selected="true"]').evaluateAll(rows => rows.map(r => (r as HTMLElement).dataset.uri));
const bar = (page: Page) => page.getByTestId('selection-bar');

test('click, Ctrl+click, Shift+click and Shift+Arrow select; the bar adds, watches and clears', async ({ page, context, app, picker }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await picker.waitForList();
  await picker.search.fill('ref://samples/');
  await expect.poll(() => picker.matching()).toBeGreaterThanOrEqual(4);
  // The count updates before the rows are drawn: wait until the rows on screen are the search's.
  await expect.poll(async () => (await picker.visibleRows()).slice(0, 4).every(r => r.uri.startsWith('ref://samples/'))).toBe(true);
  const rows = await picker.visibleRows();
  const uri = (k: number) => rows[k].uri;
  await expect(picker.list).toHaveAttribute('aria-multiselectable', 'true');

  // Ctrl+click toggles rows in; nothing is opened.
  await picker.row(uri(0)).click({ modifiers: ['ControlOrMeta'] });
  await picker.row(uri(2)).click({ modifiers: ['ControlOrMeta'] });
  expect(await selectedUris(page)).toEqual([uri(0), uri(2)]);
  await expect(picker.row(uri(0))).toHaveAttribute('aria-selected', 'true');
  await expect(picker.row(uri(1))).toHaveAttribute('aria-selected', 'false');
  await expect(bar(page)).toHaveAttribute('data-count', '2');
  await expect(bar(page)).toContainText('2 selected');
  await expect(picker.viewer).toHaveCount(0);

  // Shift+click: from the anchor (row 2) to row 3, keeping row 0.
  await picker.row(uri(3)).click({ modifiers: ['Shift'] });
  expect(await selectedUris(page)).toEqual([uri(0), uri(2), uri(3)]);
  // Ctrl+click again takes one out.
  await picker.row(uri(0)).click({ modifiers: ['ControlOrMeta'] });
  expect(await selectedUris(page)).toEqual([uri(2), uri(3)]);

  // The bar: add to the tray, then watch, through the engine.
  await page.getByTestId('selection-add-to-context').click();
  await expect(picker.tray.getByTestId('context-item')).toHaveCount(2);
  await expect(bar(page)).toContainText('Added 2 resources to the context tray.');
  await page.getByTestId('selection-watch').click();
  await expect.poll(async () => (await app.engine.call('subscriptions.list', {})).map(s => s.uri).sort()).toEqual([uri(2), uri(3)].sort());

  // A search that hides one keeps it selected, and the bar says one is not shown; clearing the search shows it again.
  await picker.search.fill(uri(3));
  await expect(bar(page)).toHaveAttribute('data-not-shown', '1');
  await expect(bar(page)).toContainText('1 of them not shown');
  await picker.search.fill('ref://samples/');
  await expect(bar(page)).toHaveAttribute('data-not-shown', '0');
  expect(await selectedUris(page)).toEqual([uri(2), uri(3)]);

  // The row menu on a selected row acts on the selection: copying gives every URI.
  await picker.row(uri(2)).click({ button: 'right' });
  const menu = page.getByTestId('row-context-menu');
  await expect(menu).toHaveAttribute('data-count', '2');
  await menu.getByRole('menuitem', { name: 'Copy 2 URIs' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${uri(2)}\n${uri(3)}`);

  // Clear.
  await page.getByTestId('selection-clear').click();
  await expect(bar(page)).toHaveCount(0);
  expect(await selectedUris(page)).toEqual([]);
});

test('the keyboard alone: Shift+Arrow extends, Space toggles, Escape clears', async ({ page, picker }) => {
  await picker.waitForList();
  await picker.search.fill('ref://samples/');
  await expect.poll(() => picker.matching()).toBeGreaterThanOrEqual(4);
  // The count updates before the rows are drawn: wait until the rows on screen are the search's.
  await expect.poll(async () => (await picker.visibleRows()).slice(0, 4).every(r => r.uri.startsWith('ref://samples/'))).toBe(true);
  const rows = await picker.visibleRows();
  await picker.list.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  expect(await selectedUris(page)).toEqual([rows[0].uri, rows[1].uri, rows[2].uri]);
  // Back up one: the range shrinks.
  await page.keyboard.press('Shift+ArrowUp');
  expect(await selectedUris(page)).toEqual([rows[0].uri, rows[1].uri]);
  // Move on without Shift, Space toggles the row under the cursor in.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  expect(await selectedUris(page)).toEqual([rows[0].uri, rows[1].uri, rows[3].uri]);
  await expect(bar(page)).toContainText('3 selected');
  // Shift+Arrow from the search box extends too.
  await picker.search.focus();
  await picker.search.press('Shift+ArrowUp');
  expect(await selectedUris(page)).toEqual([rows[0].uri, rows[1].uri, rows[2].uri, rows[3].uri]);
  // The bar's buttons are reachable with Tab and work with the keyboard.
  await page.getByTestId('selection-add-to-context').focus();
  await page.keyboard.press('Enter');
  await expect(picker.tray.getByTestId('context-item')).toHaveCount(4);
  await picker.list.focus();
  await page.keyboard.press('Escape');
  await expect(bar(page)).toHaveCount(0);
});
