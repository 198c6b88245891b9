// The picker at 100,000 resources, a smoke test of function (the times are bench/scale.ts's job): one HTTP
// reference server at 500 per page; every item listed and counted, items found by search wherever they are in
// the list, and the page holding the list compactly: heap after GC per item under a bound well above what the
// bench measures, which the picker's representation before its list table (an object per item and four
// lower-cased copies of its text beside the search line: ~600 B at 100k) fails.
import { STEADY_ARGS } from './fixtures/reference-servers';
import { expect, listFromEngine, test } from './picker-page';

const RESOURCES = 100_000;
/** Bytes of page heap per listed item; the bench measures about 290 at 100k (the app's own heap included). */
const HEAP_BYTES_PER_ITEM = 450;

test.use({ appServers: { reference: { transport: 'http', args: [...STEADY_ARGS, '--resources', String(RESOURCES), '--page-size', '500'] } } });
// Listing 100k takes seconds on a quiet machine and several times that on a busy 2-core one.
test.describe.configure({ timeout: 180_000 });

test('lists 100,000 resources of one HTTP server, finds any of them, and holds them compactly', async ({ page, app, picker }) => {
  // A deadline for a listing that never ends, not a speed check (a loaded 2-core machine took over 45 s).
  const loaded = await picker.waitForList(RESOURCES, 100_000);
  const all = await listFromEngine(app.engine, 'reference');
  expect(all.length).toBeGreaterThanOrEqual(RESOURCES);
  expect(loaded).toBe(all.length);
  await expect.poll(() => picker.matching()).toBe(all.length);

  for (const item of [all[all.length - 1], all[Math.floor(all.length / 2)], all[1]]) {
    await picker.search.fill(item.uri);
    await expect(picker.rows.first()).toHaveAttribute('data-uri', item.uri);
  }
  await picker.search.fill('');
  await expect.poll(() => picker.matching()).toBe(all.length);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  expect(usedSize / all.length).toBeLessThan(HEAP_BYTES_PER_ITEM);
});
