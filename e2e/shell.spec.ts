// Browser mode end to end: the real bridge, the real engine and the bundled reference server over
// stdio, in Chromium. Proves the app loads in browser mode under its strict CSP, and that the URL
// without the token gets nothing.
import { test, expect } from './fixtures/app';

// Each test navigates itself (to watch the console from the first byte, or to read the response).
test.use({ openApp: false });

test('the app loads in browser mode and shows the reference server connected', async ({ page, app }) => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('console', message => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  // A failed request of the page's own shows up here; the browser's own favicon fetch (a 404 when the page
  // declares no icon) only shows as a console error, caught by `errors`.
  const failed: string[] = [];
  page.on('response', response => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(app.url);

  await expect(page.getByTestId('app')).toHaveAttribute('data-mode', 'browser');
  const server = page.locator('[data-testid="server-item"][data-server-id="reference"]');
  await expect(server).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  expect(await app.serverPid('reference')).toBeGreaterThan(0);
  expect(violations).toEqual([]);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
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
