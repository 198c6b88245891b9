// The command palette in browser mode, keyboard only: Ctrl+Shift+P opens it, Escape closes it, focus goes back
// where it was; its commands reach the real engine (reconnect restarts the stdio server, clear cache empties
// the engine's cache), the dock, the theme and the context tray; "go to resource" opens what it finds. Axe with
// it open in both themes.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import type { Page } from '@playwright/test';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

const palette = (page: Page) => page.getByTestId('command-palette');
const command = (page: Page, id: string) => palette(page).locator(`[data-testid="command-item"][data-command-id="${id}"]`);

/** Opens the palette with the shortcut, types `query` and waits for `id` to be the selected item. */
async function choose(page: Page, query: string, id: string) {
  await page.keyboard.press('Control+Shift+P');
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type(query);
  await expect(command(page, id).first()).toHaveAttribute('aria-selected', 'true');
}

test('runs commands from the keyboard and gives focus back', async ({ page, context, app, picker }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await picker.waitForList();

  // Escape closes it and focus goes back to the search box it was opened from.
  await picker.search.focus();
  await page.keyboard.press('Control+Shift+P');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(picker.search).toBeFocused();

  // Open a dock panel; focus comes back to the list.
  await picker.list.focus();
  await choose(page, 'protocol log', 'panel.open:protocol-log');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Protocol log' })).toHaveAttribute('aria-selected', 'true');
  await expect(picker.list).toBeFocused();

  // Go to a resource by name (the picker's search, typo tolerant), over the loaded list.
  await choose(page, 'markdwn guide', 'resource.open');
  await expect(command(page, 'resource.open').first()).toHaveAttribute('data-uri', 'ref://samples/guide.md');
  await page.keyboard.press('Enter');
  await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://samples/guide.md');
  await expect(picker.viewer).toHaveAttribute('data-server-id', 'reference');

  // Theme: explicit dark, then back to the system's.
  await choose(page, 'theme dark', 'theme.set:dark');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('app')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-preference', 'dark');

  // Context tray: export and clear are unavailable while it is empty, then copy it as Markdown and clear it.
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('context tray');
  await expect(command(page, 'tray.clear')).toHaveAttribute('aria-disabled', 'true');
  await expect(command(page, 'tray.export:markdown')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await page.getByTestId('add-to-context').click();
  await expect(picker.tray.getByTestId('context-item')).toHaveCount(1);
  await expect(picker.tray.locator('.tray-totals')).not.toContainText('reading');
  await choose(page, 'copy context markdown', 'tray.export:markdown');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('ref://samples/guide.md');
  await choose(page, 'clear the context', 'tray.clear');
  await page.keyboard.press('Enter');
  await expect(picker.tray.getByTestId('context-item')).toHaveCount(0);

  // Clear cache: the engine's cache holds the reads and the list, and is empty afterwards.
  expect((await app.engine.call('cache.snapshot', {})).entries.length).toBeGreaterThan(0);
  await choose(page, 'clear cache', 'cache.clear');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await app.engine.call('cache.snapshot', {})).entries.length).toBe(0);

  // Reconnect: the same engine call as the server card's button, so the stdio server is a new process.
  const pidBefore = await app.serverPid('reference');
  expect(pidBefore).toBeDefined();
  await choose(page, 'reconnect reference', 'server.reconnect:reference');
  await page.keyboard.press('Enter');
  await expect.poll(() => app.serverPid('reference'), { timeout: 30_000 }).not.toBe(pidBefore);
  await expect(page.locator('[data-testid="server-item"][data-server-id="reference"]')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
});

test('axe reports no violations with the palette open, light and dark', async ({ page, picker }) => {
  await picker.waitForList();
  await picker.open('ref://samples/guide.md');
  await picker.search.fill('');
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('guide');
  await expect(command(page, 'resource.open').first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, { screenshot: 'palette' });
});
