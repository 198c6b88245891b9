// Browser mode end to end: the real bridge, the real engine and the bundled reference server over
// stdio, in Chromium. Proves the app loads in browser mode under its strict CSP, and that the URL
// without the token gets nothing.
import { test, expect } from './fixtures/app';

// Each test navigates itself (to watch the console from the first byte, or to read the response).
test.use({ openApp: false });

test('the app loads in browser mode and shows the reference server connected', async ({ page, app }) => {
  const violations: string[] = [];
  page.on('console', message => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(app.url);

  await expect(page.getByTestId('app')).toHaveAttribute('data-mode', 'browser');
  const server = page.locator('[data-testid="server-item"][data-server-id="reference"]');
  await expect(server).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  expect(await app.serverPid('reference')).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test('pages are served with a strict CSP and no-referrer', async ({ page, app }) => {
  const response = await page.goto(app.url);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['referrer-policy']).toBe('no-referrer');
});

test('the app URL without its token is refused', async ({ page, app }) => {
  const response = await page.goto(app.origin);
  expect(response?.status()).toBe(401);
  const wrong = await page.goto(`${app.origin}/?token=not-the-token`);
  expect(wrong?.status()).toBe(401);
  await expect(page.getByTestId('app')).toHaveCount(0);
});
