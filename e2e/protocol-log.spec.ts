// The protocol log in browser mode: real bridge, real engine, the bundled reference server over stdio,
// Chromium. Each flow starts from the picker, as a server developer would.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, type PickerPage } from './picker-page';

const NO_STORE = 'ref://cache/no-store';
const PUBLIC_LONG = 'ref://cache/public-long';
const MISSING = 'ref://errors/missing';

/** Opens a resource from the picker and waits until its read has been answered (the badge says how). */
async function open(picker: PickerPage, search: string, uri: string, cacheState = 'miss'): Promise<void> {
  await picker.search.fill(search);
  await picker.row(uri).click();
  await expect(picker.viewer).toHaveAttribute('data-uri', uri);
  await expect(picker.viewer.getByTestId('cache-badge')).toHaveAttribute('data-cache-state', cacheState);
}

async function openLog(page: Page) {
  await page.getByRole('tab', { name: 'Protocol log' }).click();
  return page.getByTestId('protocol-log');
}

const entries = (page: Page, selector = '') => page.locator(`[data-testid="protocol-entry"]${selector}`);

// The `app` fixture starts browser mode and opens the page; a test that does not ask for it gets a blank page.
test.beforeEach(async ({ app: _app, page }) => {
  await expect(page.locator('[data-testid="server-item"][data-server-id="reference"]')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
});

test('finds the resources/read of a resource just opened, with its response linked', async ({ page, picker }) => {
  await open(picker, 'no-store', NO_STORE);
  const log = await openLog(page);
  await log.getByTestId('log-filter-method').fill('resources/read');
  const request = entries(page, '[data-direction="out"][data-method="resources/read"][data-server-id="reference"]').filter({ hasText: NO_STORE });
  await expect(request).toHaveCount(1);
  await request.click();

  const detail = log.getByTestId('log-detail');
  await expect(detail.getByTestId('log-detail-request')).toContainText(`"uri": "${NO_STORE}"`);
  await expect(detail.getByTestId('log-detail-response')).toContainText('"contents"');
  await expect(detail.getByTestId('log-latency')).toContainText(/\d+(\.\d)? m?s/);
  await detail.getByTestId('log-go-to-pair').click();
  await expect(entries(page, '[aria-selected="true"]')).toHaveAttribute('data-direction', 'in');

  // Export JSONL saves what the filters show (a download in browser mode), one entry per line.
  const download = page.waitForEvent('download');
  await log.getByTestId('log-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^protocol-log-.*\.jsonl$/);
  const text = await readFile(await file.path(), 'utf8');
  const exported = text.trimEnd().split('\n').map(line => JSON.parse(line) as { method?: string; message: unknown });
  expect(exported.length).toBeGreaterThanOrEqual(2);
  expect(exported.every(entry => entry.method === 'resources/read')).toBe(true);
  expect(JSON.stringify(exported)).toContain(NO_STORE);
});

test('shows a read served from the cache as such, with nothing on the wire', async ({ page, picker }) => {
  await open(picker, 'public-long', PUBLIC_LONG);
  // A reload empties the page's own view cache; the engine still holds the read, fresh for an hour.
  await page.reload();
  await open(picker, 'public-long', PUBLIC_LONG, 'fresh');

  const log = await openLog(page);
  // The list is virtualized: narrow it to this resource so every matching row is drawn.
  await log.getByTestId('log-search').fill(PUBLIC_LONG);
  await log.getByTestId('log-filter-direction').selectOption('cache');
  const hit = entries(page).filter({ hasText: PUBLIC_LONG });
  await expect(hit).toHaveCount(1);
  await expect(hit).toHaveAttribute('data-kind', 'cache-hit');
  await expect(hit).toContainText('served from cache');
  await hit.click();
  await expect(log.getByTestId('log-cache-note')).toContainText('nothing was sent to the server');
  // Exactly one read of it went on the wire: the first one.
  await log.getByTestId('log-filter-direction').selectOption('out');
  await expect(entries(page, '[data-method="resources/read"]').filter({ hasText: PUBLIC_LONG })).toHaveCount(1);
});

test('filters to errors after reading a missing resource', async ({ page, picker }) => {
  await picker.search.fill('missing');
  await picker.row(MISSING).click();
  await expect(picker.viewer.getByTestId('error-banner')).toHaveAttribute('data-code', 'not_found');

  const log = await openLog(page);
  await log.getByTestId('log-filter-errors').check();
  const errors = entries(page);
  await expect(errors.first()).toBeVisible();
  // Polled: the first entry can be visible before the filtered list has replaced the unfiltered one.
  await expect.poll(() => errors.evaluateAll(rows => [...new Set(rows.map(row => row.getAttribute('data-kind')))])).toEqual(['error']);
  const error = errors.filter({ hasText: '-32602' }).first();
  await expect(error).toHaveAttribute('data-method', 'resources/read');
  await expect(error).toHaveAttribute('data-direction', 'in');
  await error.click();
  await expect(log.getByTestId('log-detail-request')).toContainText(MISSING);
  await expect(log.getByTestId('log-detail-response')).toContainText('-32602');
});

test('replays a request with a changed URI and the new exchange lands in the log', async ({ page, picker }) => {
  await open(picker, 'no-store', NO_STORE);
  const log = await openLog(page);
  // The list is virtualized: narrow it so the entry is among the rows drawn.
  await log.getByTestId('log-search').fill(NO_STORE);
  await entries(page, '[data-direction="out"][data-method="resources/read"]').filter({ hasText: NO_STORE }).click();
  await log.getByTestId('log-replay-open').click();
  const params = log.getByTestId('log-replay-params');
  await expect(params).toHaveValue(new RegExp(NO_STORE));
  await params.fill(JSON.stringify({ uri: PUBLIC_LONG }));
  await log.getByTestId('log-replay-send').click();

  const result = log.getByTestId('log-replay-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  const logSeq = await result.getAttribute('data-log-seq');
  await log.getByTestId('log-search').fill(PUBLIC_LONG);
  const replayed = entries(page, `[data-seq="${logSeq}"]`);
  await expect(replayed).toHaveAttribute('data-origin', 'replay');
  await expect(replayed).toContainText(PUBLIC_LONG);
  await log.getByTestId('log-replay-go').click();
  await expect(log.getByTestId('log-detail')).toHaveAttribute('data-seq', logSeq ?? '');
  await expect(log.getByTestId('log-detail-response')).toContainText(PUBLIC_LONG);
});
