// A picker row's context menu in browser mode: right click, Shift+F10 and the context-menu key open it for
// the row (which becomes the active one); Open, Add to context and Watch act through the real engine; the
// three copy forms land on the clipboard; Escape closes it with focus back where it was. Axe with it open.
import { expectNoAxeViolations } from './fixtures/axe';
import type { Page } from '@playwright/test';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

const README = 'ref://samples/readme.txt';
const menu = (page: Page) => page.getByTestId('row-context-menu');
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('right click and keyboard open the menu; its actions open, add, watch and copy', async ({ page, context, app, picker }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await picker.waitForList();

  // Right click: the menu is for that row, which becomes the active row.
  await picker.search.fill(README);
  const row = picker.row(README);
  await row.click({ button: 'right' });
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toHaveAttribute('data-uri', README);
  await expect(menu(page)).toHaveAttribute('data-server-id', 'reference');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(menu(page).getByRole('menuitem')).toHaveText(['Open', 'Add to context', 'Watch for changes', 'Pin to top', 'Copy URI', 'Copy as mention @reference:…', 'Copy as Markdown link']);
  await menu(page).getByRole('menuitem', { name: 'Copy as mention' }).click();
  await expect(menu(page)).toHaveCount(0);
  await expect.poll(() => clipboard(page)).toBe(`@reference:${README}`);

  await row.click({ button: 'right' });
  await menu(page).getByRole('menuitem', { name: 'Copy URI' }).click();
  await expect.poll(() => clipboard(page)).toBe(README);

  await row.click({ button: 'right' });
  await menu(page).getByRole('menuitem', { name: 'Open' }).click();
  await expect(picker.viewer).toHaveAttribute('data-uri', README);

  // Keyboard from the list: Shift+F10 opens it for the active row; End + Enter copies the Markdown link;
  // Escape closes it and focus is back on the list.
  await picker.list.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toHaveAttribute('data-uri', README);
  await page.keyboard.press('End');
  await expect(menu(page).getByRole('menuitem', { name: 'Copy as Markdown link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => clipboard(page)).toBe(`[Plain text notes](${README})`);
  await expect(picker.list).toBeFocused();
  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(picker.list).toBeFocused();

  // The context-menu key from the search box acts on the row the cursor is on: Add to context.
  await picker.search.fill('ref://samples/guide.md');
  await expect(picker.rows.first()).toHaveAttribute('data-uri', 'ref://samples/guide.md');
  await picker.search.press('ArrowDown');
  await picker.search.press('ContextMenu');
  await expect(menu(page)).toHaveAttribute('data-uri', 'ref://samples/guide.md');
  // Opened from the keyboard, the menu starts on its first item.
  await expect(menu(page).getByRole('menuitem', { name: 'Open' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu(page).getByRole('menuitem', { name: 'Add to context' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker.tray.getByTestId('context-item')).toHaveAttribute('data-uri', 'ref://samples/guide.md');
  await expect(picker.search).toBeFocused();
  // Already in the tray: the menu says so instead of adding it twice.
  await picker.search.press('Shift+F10');
  await expect(menu(page).getByRole('menuitem', { name: 'In the context tray' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // Watch: the engine now watches it, and the menu says so next time.
  const clock = 'ref://live/clock';
  await picker.search.fill(clock);
  await picker.row(clock).click({ button: 'right' });
  await menu(page).getByRole('menuitem', { name: 'Watch for changes' }).click();
  await expect.poll(async () => (await app.engine.call('subscriptions.list', {})).map(s => s.uri)).toContain(clock);
  await picker.row(clock).click({ button: 'right' });
  await expect(menu(page).getByRole('menuitem', { name: 'Watching' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
});

test('axe reports no violations with the menu open', async ({ page, picker }) => {
  await picker.waitForList();
  await picker.search.fill('ref://samples/');
  await picker.row(README).click({ button: 'right' });
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('row-menu.png') });
});
