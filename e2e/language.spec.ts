// Languages in browser mode: the language select switches the whole UI (header, viewer, tray, dock, log) to
// Traditional or Simplified Chinese, the app root's and the document's `lang` follow, sizes and numbers are
// Intl's for the language, the choice survives a reload, "system" follows the browser's locale, and axe
// finds no violation in Traditional Chinese in either theme. Any key missing from a catalog fails the test
// through the app fixture.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import type { Page } from '@playwright/test';
import { expect, STEADY_REFERENCE, test, type PickerPage } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE }, colorScheme: 'dark' });
test.describe.configure({ timeout: 120_000 });

const CONFIG = 'ref://samples/config.json';

async function expectLanguage(page: Page, language: string) {
  await expect(page.getByTestId('app')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A byte count under 1 kB in `language`'s numbers (the viewer's size of a small part, and its row's). */
const bytesIn = (language: string, bytes: number) => `${new Intl.NumberFormat(language).format(bytes)} B`;

async function openConfigAndTray(picker: PickerPage) {
  await picker.waitForList();
  await picker.open(CONFIG);
  await picker.viewer.getByTestId('add-to-context').click();
  await expect(picker.tray.getByTestId('context-item')).toHaveCount(1);
}

async function openLog(page: Page, tabName: string) {
  await page.getByRole('tab', { name: tabName }).click();
  await expect(page.getByTestId('protocol-log')).toBeVisible();
}

test('switches to Traditional and Simplified Chinese, formats for the locale, and keeps the choice across a reload', async ({ page, picker }) => {
  await openConfigAndTray(picker);
  await expectLanguage(page, 'en');
  await expect(page.getByTestId('language-select')).toHaveValue('system');
  await expect(picker.viewer.getByTestId('refresh-button')).toHaveText('Refresh');
  const size = Number(await picker.part().getAttribute('data-size'));
  expect(size).toBeLessThan(1024);
  await expect(picker.part().locator('.part-size')).toHaveText(bytesIn('en', size));
  await expect(picker.row(CONFIG).locator('.row-size')).toHaveText(bytesIn('en', size));

  await page.getByTestId('language-select').selectOption('zh-TW');
  await expectLanguage(page, 'zh-TW');
  await expect(page.getByTestId('theme-toggle')).toContainText('主題：跟隨系統（深色）');
  await expect(picker.viewer.getByTestId('refresh-button')).toHaveText('重新整理');
  await expect(picker.viewer.getByTestId('add-to-context')).toHaveText('已在上下文中');
  await expect(picker.part().locator('.part-size')).toHaveText(bytesIn('zh-TW', size));
  await expect(picker.row(CONFIG).locator('.row-size')).toHaveText(bytesIn('zh-TW', size));
  await expect(picker.tray.locator('h2')).toHaveText('上下文');
  await expect(picker.tray.locator('.tray-totals')).toContainText('1 個項目');
  await openLog(page, '通訊協定記錄');
  const log = page.getByTestId('protocol-log');
  await expect(log.getByTestId('log-pause')).toHaveText('暫停');
  await expect(log.getByTestId('log-count')).toHaveText(/^[\d,]+ 筆項目$/);
  // Numbers through Intl: the cap choices are grouped the way the language groups them.
  await expect(log.getByTestId('log-cap').locator('option[value="10000"]')).toHaveText(new Intl.NumberFormat('zh-TW').format(10_000));

  await page.getByTestId('language-select').selectOption('zh-CN');
  await expectLanguage(page, 'zh-CN');
  await expect(picker.viewer.getByTestId('refresh-button')).toHaveText('刷新');
  await expect(picker.viewer.getByTestId('add-to-context')).toHaveText('已在上下文中');
  await expect(picker.part().locator('.part-size')).toHaveText(bytesIn('zh-CN', size));
  await expect(picker.row(CONFIG).locator('.row-size')).toHaveText(bytesIn('zh-CN', size));
  await expect(page.getByRole('tab', { name: '协议日志' })).toHaveAttribute('aria-selected', 'true');
  await expect(log.getByTestId('log-pause')).toHaveText('暂停');
  await expect(log.getByTestId('log-count')).toHaveText(/^[\d,]+ 个条目$/);

  // Remembered across launches (the page's storage).
  await page.reload();
  await picker.waitForList();
  await expectLanguage(page, 'zh-CN');
  await expect(page.getByTestId('language-select')).toHaveValue('zh-CN');
  await expect(page.getByRole('tab', { name: '缓存' })).toBeVisible();

  // Back to English: every string returns.
  await page.getByTestId('language-select').selectOption('en');
  await expectLanguage(page, 'en');
  await expect(page.getByRole('tab', { name: 'Protocol log' })).toBeVisible();
});

test.describe('with a Traditional Chinese browser', () => {
  test.use({ locale: 'zh-TW' });

  test('"system" follows the browser locale', async ({ page, picker }) => {
    await picker.waitForList();
    await expect(page.getByTestId('language-select')).toHaveValue('system');
    await expectLanguage(page, 'zh-TW');
    await expect(page.getByTestId('language-select').locator('option[value="system"]')).toHaveText('跟隨系統（繁體中文）');
    await expect(page.getByRole('tab', { name: '伺服器詳細資料' })).toBeVisible();
  });

  test('axe reports no violations in Traditional Chinese, light and dark', async ({ page, picker }) => {
    await openConfigAndTray(picker);
    await expectLanguage(page, 'zh-TW');
    await openLog(page, '通訊協定記錄');
    await expectNoAxeViolationsInBothThemes(page);
  });
});
