// Light and dark themes in browser mode: the app follows the OS (prefers-color-scheme, emulated), the
// theme toggle overrides it (system → light → dark), the choice survives a reload, and axe finds no
// violation in either theme with the picker, a filter and the viewer showing.
import { expectNoAxeViolations, showTheme } from './fixtures/axe';
import type { Page } from '@playwright/test';
import { expect, STEADY_REFERENCE, test, type PickerPage } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE }, colorScheme: 'dark' });
test.describe.configure({ timeout: 120_000 });

/** The page's background colour as painted (the app root's). */
const background = (page: Page) => page.getByTestId('app').evaluate(el => getComputedStyle(el).backgroundColor);

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.getByTestId('app')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  expect(await background(page)).toBe(theme === 'dark' ? 'rgb(15, 18, 23)' : 'rgb(255, 255, 255)');
}


async function showPickerAndViewer(picker: PickerPage) {
  await picker.waitForList();
  await picker.open('ref://samples/config.json');
  await picker.page.getByTestId('filter-audience-user').click();
}

test('follows the OS, the toggle overrides it and the choice survives a reload', async ({ page, picker }) => {
  await picker.waitForList();
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
  await expect(toggle).toHaveText(/System \(dark\)/);
  await expectTheme(page, 'dark');

  // Following the OS live while on "system".
  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'light');
  await expect(toggle).toHaveText(/System \(light\)/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark');

  // The override: system → light → dark, whatever the OS says.
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  await expectTheme(page, 'light');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'dark');

  // Remembered across launches (the page's storage): a reload comes back dark under a light OS.
  await page.reload();
  await picker.waitForList();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
  await expectTheme(page, 'dark');

  // Back to system: the OS (light now) decides again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
  await expectTheme(page, 'light');
});

test('axe reports no violations in the dark theme, then in the light one', async ({ page, picker }) => {
  await showPickerAndViewer(picker);
  for (const theme of ['dark', 'light'] as const) {
    await showTheme(page, theme);
    await expectTheme(page, theme);
    await expectNoAxeViolations(page, { theme });
  }
  await page.screenshot({ path: test.info().outputPath('picker-light.png') });
});
