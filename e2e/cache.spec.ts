// The response cache end to end in browser mode: the viewer's cache badge (fetched, then served fresh
// without a request, then refreshed), the cache panel (entries, counters, evict, clear) and the protocol
// log's cache-hit entry. Real bridge, real engine, the bundled reference server over stdio, Chromium.
import { test, expect } from './picker-page';

const LONG = 'ref://cache/public-long';
const NO_STORE = 'ref://cache/no-store';

// Many engineers share 2 cores: the first listing alone can take 20 s. Set for the file, not in the test body:
// a body's test.setTimeout would drop the app fixture's start-up time.
test.describe.configure({ timeout: 120_000 });

test('the badge, the cache panel and the protocol log show what the cache did', async ({ page, app, picker }) => {
  await expect(page.locator('[data-testid="server-item"][data-server-id="reference"]')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  const search = picker.search;
  const badge = page.getByTestId('resource-viewer').getByTestId('cache-badge');

  await search.fill('public-long');
  await picker.row(LONG).click();
  await expect(page.getByTestId('resource-viewer')).toHaveAttribute('data-uri', LONG);
  await expect(badge).toHaveAttribute('data-cache-state', 'miss');
  await expect(badge).toHaveAttribute('data-scope', 'public');
  const expiresAt = Number(await badge.getAttribute('data-expires-at'));
  expect(expiresAt).toBeGreaterThan(Date.now() + 60_000);
  await expect(badge).toContainText(/left/);

  // Away and back: the engine serves the copy it holds, nothing goes on the wire.
  await search.fill('no-store');
  await picker.row(NO_STORE).click();
  await expect(badge).toHaveAttribute('data-cache-state', 'miss');
  await expect(badge).toContainText('not cacheable');
  const readsSent = async () => (await app.engine.call('log.query', { serverId: 'reference', direction: 'out', method: 'resources/read' })).total;
  const sentBefore = await readsSent();
  await search.fill('public-long');
  await picker.row(LONG).click();
  await expect(badge).toHaveAttribute('data-cache-state', 'fresh');
  await expect(badge).toContainText(/^Fresh · .* left · public · age/);
  expect(await readsSent()).toBe(sentBefore);

  // Refresh always goes to the server.
  await page.getByTestId('refresh-button').click();
  await expect(badge).toHaveAttribute('data-cache-state', 'miss');

  await page.getByRole('tab', { name: 'Cache' }).click();
  const panel = page.getByTestId('cache-panel');
  const entry = panel.locator('[data-testid="cache-entry"][data-method="resources/read"]').filter({ hasText: LONG });
  await expect(entry).toHaveAttribute('data-cache-state', 'fresh');
  await expect(panel.locator('[data-testid="cache-entry"]').filter({ hasText: NO_STORE })).toHaveCount(0);
  const counters = panel.locator('[data-testid="cache-counters"][data-server-id="reference"]');
  await expect(counters.locator('[data-counter="hits"]')).not.toHaveText('0');

  await entry.getByRole('button', { name: `Evict resources/read ${LONG}` }).click();
  await expect(entry).toHaveCount(0);
  await panel.getByTestId('cache-clear').click();
  await expect(panel.getByText('The cache is empty.')).toBeVisible();

  // The protocol log shows the hit as a cache entry: nothing was sent for it. The log is virtualized and the
  // live server's list_changed relists keep adding entries after the hit, which can push it out of the rows
  // drawn: narrow the log to what was served from the cache.
  await page.getByRole('tab', { name: 'Protocol log' }).click();
  await page.getByTestId('protocol-log').getByTestId('log-filter-direction').selectOption('cache');
  await expect(page.locator('[data-testid="protocol-entry"][data-direction="cache"][data-method="resources/read"]').first()).toBeVisible();

  // The picker's list carries its own badge once the listing is done: the reference server's pages are public.
  const listBadge = page.getByRole('list', { name: 'Cache state of each list' }).getByTestId('cache-badge');
  await expect(listBadge).toHaveAttribute('data-scope', 'public', { timeout: 45_000 });
  await expect(listBadge).toHaveAttribute('data-cache-state', /^(miss|fresh)$/);
});
