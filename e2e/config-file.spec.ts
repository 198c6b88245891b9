// A config file edited by hand while the app runs: the app follows it. A broken one (a trailing comma) is named in
// the sidebar with what is wrong, kept as it is, and stops no running server; the palette's reload reads it again
// at once; fixed and saved, the notice goes by itself and a toast says the change was applied.
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { expect, test } from './picker-page';

const palette = (page: Page) => page.getByTestId('command-palette');

async function reloadFromPalette(page: Page) {
  await page.keyboard.press('Control+Shift+P');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type('reload the config');
  const command = palette(page).locator('[data-testid="command-item"][data-command-id="config.reload"]');
  await expect(command).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
}

test('a hand-edited config file is followed: a broken one is shown and kept, a fixed one applied', async ({ page, app, picker }) => {
  await picker.waitForList();
  const card = page.locator('[data-testid="server-item"][data-server-id="reference"]');
  await expect(card).toBeVisible();
  const good = await readFile(app.configPath, 'utf8');
  const broken = good.replace(/\n\s*\}\n\}\n$/, ',\n  }\n}\n');
  expect(broken).not.toBe(good);
  await writeFile(app.configPath, broken);

  // Seen on disk: no reload asked for.
  const problem = page.getByTestId('config-error');
  await expect(problem).toContainText(app.configPath);
  await expect(problem).toContainText('is not valid JSON');
  // Read again at once from the palette: still broken, still said.
  await reloadFromPalette(page);
  await expect(problem).toContainText('is not valid JSON');
  // The running server is not stopped by a file that cannot be read: it stops only when a valid file drops it.
  await expect(card).toBeVisible();
  await expect(page.locator('[data-testid="server-item"][data-server-id="reference"][data-status="connected"]')).toBeVisible();
  expect(await readFile(app.configPath, 'utf8')).toBe(broken);
  await expectNoAxeViolationsInBothThemes(page);

  await writeFile(app.configPath, good);
  await expect(problem).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'The config file changed on disk: applied.' })).toBeVisible();
  await expect(card).toBeVisible();
  await picker.waitForList();
});
