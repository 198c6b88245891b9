// Resource icons end to end in browser mode, under the app's real CSP (img-src 'self' data: blob:): the
// page never loads a network image itself, so it logs no CSP violation (nor does anything else on the page); https: icons go through the
// engine (icons.get), which refuses the reference server's https://modelcontextprotocol.io icon (over
// stdio: no origin; over plain http: not the server's origin), and the row shows the placeholder with the
// reason as its tooltip. The catalog's data: SVG icons are shown directly.
import type { ConsoleMessage } from '@playwright/test';
import { STEADY_ARGS } from './fixtures/reference-servers';
import { expect, STEADY_REFERENCE, test } from './picker-page';

const SPEC_URI = 'ref://spec/2026-07-28';

test.use({
  appServers: { reference: STEADY_REFERENCE, web: { transport: 'http', args: [...STEADY_ARGS] } },
  // The page is opened by the test, after the CSP listeners are in place.
  openApp: false
});
test.describe.configure({ timeout: 120_000 });

test('https icons are asked of the engine and refused with a reason; no CSP violation, no remote image load', async ({ page, app, picker }) => {
  const cspMessages: string[] = [];
  const remoteRequests: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to load/i.test(message.text())) cspMessages.push(message.text());
  });
  page.on('request', request => {
    const url = request.url();
    if (!url.startsWith(app.origin) && !url.startsWith('data:') && !url.startsWith('blob:')) remoteRequests.push(url);
  });
  // Violations the console does not show (reported only as events) are recorded by the page itself.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', e => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  await page.goto(app.url);
  await picker.waitForList(30);

  await test.step('the https-icon row of each server shows the placeholder with the refusal as its title', async () => {
    await picker.search.fill('mcp-specification');
    const icon = (serverId: string) => picker.row(SPEC_URI).and(page.locator(`[data-server-id="${serverId}"]`)).locator('.row-icon');
    await expect(icon('reference')).toHaveAttribute('data-icon-state', 'refused');
    await expect(icon('reference')).toHaveAttribute('title', 'Icon refused: a stdio server has no web origin, so its https: icons are not fetched');
    await expect(icon('web')).toHaveAttribute('data-icon-state', 'refused');
    await expect(icon('web')).toHaveAttribute('title', /^Icon refused: the server is reached over http: and icons are fetched only over https:/);
    for (const serverId of ['reference', 'web']) expect(await icon(serverId).evaluate(el => el.tagName)).toBe('SPAN');
  });

  await test.step('data: icons from the catalog are shown as images', async () => {
    await picker.search.fill('');
    const shown = page.locator('[data-testid="resource-row"] img.row-icon[data-icon-state="shown"]');
    await expect(shown.first()).toBeVisible();
    expect(await shown.first().getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    // Decoded by the browser, so the allowlist let through a real image.
    await expect.poll(() => shown.first().evaluate(el => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('nothing was blocked or loaded from the network by the page', async () => {
    expect(await page.locator('img[src^="http"]').count()).toBe(0);
    // None at all: not for images, and not zod's eval probe either (the renderer runs zod jitless).
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
    expect(cspMessages).toEqual([]);
    expect(remoteRequests).toEqual([]);
  });
});
