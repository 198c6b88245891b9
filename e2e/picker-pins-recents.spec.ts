// Pins, recents, saved searches, saved templates and the folding filter bar, in browser mode: a pinned
// resource leads the list and stays pinned after a reload (a new launch of the page); Ctrl+E lists what was
// opened and reopens it; a search with its filters and sort is saved by name and re-applied; a filled-in
// template is saved and run again; the filter bar folds to a one-line summary. Axe in both themes with the
// new UI open, and screenshots of it in light and dark.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

const README = 'ref://samples/readme.txt';
const GUIDE = 'ref://samples/guide.md';


test('a pinned resource leads the list across a reload; Ctrl+E reopens a recent one', async ({ page, picker }) => {
  await picker.waitForList();
  const firstUri = async () => (await picker.visibleRows())[0].uri;
  expect(await firstUri()).not.toBe(GUIDE);

  await picker.search.fill(GUIDE);
  await picker.row(GUIDE).click({ button: 'right' });
  await page.getByTestId('row-context-menu').getByRole('menuitem', { name: 'Pin to top' }).click();
  await expect(picker.row(GUIDE)).toHaveAttribute('data-pinned', 'true');
  await picker.search.fill('');
  await expect.poll(firstUri).toBe(GUIDE);
  // A search the pinned item does not match leaves it out.
  await picker.search.fill('readme');
  await expect(picker.row(GUIDE)).toHaveCount(0);

  // Open two resources; Ctrl+E lists them, newest first, and reopens one with the keyboard.
  await picker.open(README);
  await picker.open(GUIDE);
  await picker.search.focus();
  await page.keyboard.press('ControlOrMeta+e');
  const recents = page.getByTestId('recents-list');
  await expect(recents.getByTestId('recent-item')).toHaveCount(2);
  expect(await recents.getByTestId('recent-item').evaluateAll(items => items.map(i => (i as HTMLElement).dataset.uri))).toEqual([GUIDE, README]);
  await expect(recents.getByTestId('recent-item').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.viewer).toHaveAttribute('data-uri', README);
  await expect(recents).toHaveCount(0);

  // A new launch of the page: the pin and the recents are still there.
  await page.reload();
  await picker.waitForList();
  await expect.poll(firstUri).toBe(GUIDE);
  await expect(picker.row(GUIDE)).toHaveAttribute('data-pinned', 'true');
  await page.getByTestId('recents-button').click();
  await expect(page.getByTestId('recent-item').first()).toHaveAttribute('data-uri', README);
});

test('a search with its filters is saved by name and re-applied; the filter bar folds to a summary', async ({ page, picker }) => {
  await picker.waitForList();
  await picker.search.fill('samples');
  await page.getByTestId('filter-audience-user').click();
  await page.getByTestId('filter-priority-min').fill('0.5');
  await page.getByTestId('sort-select').selectOption('name');
  const matching = await picker.matching();

  // The summary line names the active filters and how many they hide.
  const summary = page.getByTestId('filter-summary-text');
  await expect(summary).toContainText('audience: user · priority ≥ 0.5 · ');
  await expect(summary).toHaveText(/hidden$/);
  const toggle = page.getByTestId('filter-summary');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('filter-audience-user')).toHaveCount(0);
  await expect(summary).toContainText('audience: user');

  await page.getByTestId('saved-searches-button').click();
  await page.getByTestId('saved-search-name').fill('user samples');
  await page.getByTestId('saved-search-save').click();
  await expect(page.getByTestId('saved-search-item')).toHaveAttribute('data-name', 'user samples');
  await page.keyboard.press('Escape');

  // Reset everything, then apply the saved search: text, filters and sort come back.
  await picker.resetFilters();
  await page.getByTestId('sort-select').selectOption('priority');
  await expect(summary).toHaveText('No filters');
  await page.getByTestId('saved-searches-button').click();
  await page.getByRole('button', { name: 'Apply saved search user samples' }).click();
  await expect(picker.search).toHaveValue('samples');
  await expect(page.getByTestId('sort-select')).toHaveValue('name');
  await expect(summary).toContainText('audience: user · priority ≥ 0.5');
  await expect.poll(() => picker.matching()).toBe(matching);

  // Expanded again on demand, with the values in place.
  await toggle.click();
  await expect(page.getByTestId('filter-audience-user')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('filter-priority-min')).toHaveValue('0.5');
});

test('a filled-in template is saved and run again, or filled back in', async ({ page, picker }) => {
  await picker.waitForList();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.locator('[data-testid="template-item"][data-uri-template="ref://docs/{+path}"]').getByRole('button').click();
  await page.getByTestId('template-arg-path').fill('guides/templates.md');
  await page.getByTestId('template-save-name').fill('templates guide');
  await page.getByTestId('template-save-button').click();
  const saved = page.getByTestId('saved-template-item');
  await expect(saved).toHaveAttribute('data-name', 'templates guide');
  await expect(saved).toContainText('ref://docs/guides/templates.md');

  // Change the form, then run the saved one: it reads what was saved.
  await page.getByTestId('template-arg-path').fill('other.md');
  await saved.getByTestId('saved-template-run').click();
  await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://docs/guides/templates.md');
  // Fill in puts the saved values back into the form.
  await saved.getByTestId('saved-template-fill').click();
  await expect(page.getByTestId('template-arg-path')).toHaveValue('guides/templates.md');

  // Kept across a reload.
  await page.reload();
  await picker.waitForList();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByTestId('saved-template-item')).toHaveAttribute('data-name', 'templates guide');
});

test('axe finds no violation in the new picker UI, light and dark', async ({ page, picker }) => {
  // Four axe passes: each took up to ten seconds on a loaded two-core machine.
  test.setTimeout(300_000);
  await picker.waitForList();
  await picker.search.fill('ref://samples/');
  await expect.poll(() => picker.matching()).toBeGreaterThanOrEqual(3);
  // The count updates before the rows are drawn: wait until the rows on screen are the search's.
  await expect.poll(async () => (await picker.visibleRows()).slice(0, 3).every(r => r.uri.startsWith('ref://samples/'))).toBe(true);
  const rows = await picker.visibleRows();
  await picker.open(rows[0].uri);
  await picker.search.fill('ref://samples/');
  await picker.row(rows[0].uri).click({ button: 'right' });
  await page.getByTestId('row-context-menu').getByRole('menuitem', { name: 'Pin to top' }).click();
  await picker.row(rows[1].uri).click({ modifiers: ['ControlOrMeta'] });
  await picker.row(rows[2].uri).click({ modifiers: ['ControlOrMeta'] });
  await page.getByTestId('filter-audience-user').click();
  await expect(page.getByTestId('selection-bar')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('picker-selection.png') });
  await page.getByTestId('filter-summary').click();
  await page.getByTestId('saved-searches-button').click();
  await page.getByTestId('saved-search-name').fill('samples for users');
  await page.getByTestId('saved-search-save').click();
  // Selection bar, pinned row, folded filter summary and the saved-search popover, all at once.
  await expectNoAxeViolationsInBothThemes(page, { screenshot: 'picker-saved' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+e');
  await expect(page.getByTestId('recents-list')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, { screenshot: 'picker-recents' });
});
