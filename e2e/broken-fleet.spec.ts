// One broken server never hurts the others: the reference server next to a fleet of misbehaving servers
// (a flood of resources/updated, a 200 MB line, a 50 MB blob, a crash loop, a silent server, malformed JSON,
// wrong ids), all running together for two minutes in browser mode. The reference server lists and reads
// normally throughout, the page's channel to the engine never drops, the crash-looping server ends in
// `error` with its reason, the flooding one shows as throttled, the malformed one's stray stdout lines are in the
// protocol log, the engine's memory stays bounded, and the page
// has no main-thread task over 200 ms (counted from when the reference server's list is shown: the page's own
// start is not the fleet's doing; the first search and the first open are counted). Latencies are in
// bench/isolation.ts. FLEET_TRACE=<file> records a Chromium trace of the page (FLEET_TRACE_CATEGORIES to choose
// its categories), with a `fleet-counted-from` mark where the counted window starts.
import { loadavg } from 'node:os';
import { test, expect } from './fixtures/app';
import { brokenServer, referenceServerEntry, STEADY_ARGS } from './fixtures/reference-servers';

const RUN_MS = Number(process.env.FLEET_RUN_MS ?? 120_000);
test.describe.configure({ timeout: RUN_MS + 180_000 });
test.use({
  // Playwright's own trace (a screencast and a DOM snapshot per action) costs a quarter of a core here, beside a
  // page whose longest tasks are measured on two cores: the page's long tasks are the app's, not the harness's.
  // A failure still prints the bridge log and keeps a screenshot; FLEET_TRACE records the page (see above).
  trace: 'off',
  openApp: false,
  appServers: {
    reference: { config: referenceServerEntry([...STEADY_ARGS]) },
    flood: { config: brokenServer('flood') },
    huge: { config: brokenServer('huge-line') },
    blob: { config: brokenServer('big-blob') },
    loop: { config: brokenServer('exit-after-init', ['--exit-code', '3']) },
    silent: { config: brokenServer('silent') },
    malformed: { config: brokenServer('malformed') },
    wrong: { config: brokenServer('wrong-ids') }
  }
});

test('the reference server works normally beside a broken fleet for two minutes', async ({ page, app, browser }) => {
  const item = (id: string) => page.locator(`[data-testid="server-item"][data-server-id="${id}"]`);
  const closes: number[] = [];
  page.on('websocket', ws => ws.on('close', () => closes.push(Date.now())));
  await page.addInitScript(() => {
    const tasks: { at: number; ms: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver(list => {
      for (const entry of list.getEntries()) tasks.push({ at: entry.startTime, ms: entry.duration });
    }).observe({ entryTypes: ['longtask'] });
  });
  const tracePath = process.env.FLEET_TRACE;
  if (tracePath) {
    await browser.startTracing(page, { path: tracePath, categories: (process.env.FLEET_TRACE_CATEGORIES ?? 'toplevel,devtools.timeline,v8.execute,blink.user_timing').split(',') });
  }
  await page.goto(app.url);
  await expect(item('reference')).toHaveAttribute('data-status', 'connected', { timeout: 90_000 });
  const list = page.getByTestId('resource-list');
  await expect.poll(async () => Number(await list.getAttribute('data-loaded')), { timeout: 90_000 }).toBeGreaterThan(0);
  // The bound is on the fleet's effect: the page's own start (parsing its bundle, the first list) is not counted.
  const countedFrom = await page.evaluate(() => {
    (window as unknown as { longTasks: unknown[] }).longTasks.length = 0;
    performance.mark('fleet-counted-from');
    return performance.now();
  });
  const rssAtStart = app.engineRssMb() as number;
  const rss: number[] = [];

  // The fleet's big payloads are asked for once, the way a user would click them (the blob over the message
  // limit fails with too_large; the 200 MB listing likewise); the engine keeps working while they fail.
  void app.engine.call('resources.list', { serverId: 'huge' }).catch(() => undefined);
  void app.engine.call('resources.read', { serverId: 'blob', uri: 'fleet://blob/0', previewBytes: 256 * 1024 }).catch(() => undefined);
  void app.engine.call('resources.list', { serverId: 'silent' }).catch(() => undefined);

  const search = page.getByTestId('resource-search');
  const uris = ['ref://samples/readme.txt', 'ref://samples/config.json', 'ref://samples/guide.md'];
  const started = Date.now();
  for (let round = 0; Date.now() - started < RUN_MS; round++) {
    const uri = uris[round % uris.length];
    await search.fill(uri);
    await page.locator(`[data-testid="resource-row"][data-server-id="reference"][data-uri="${uri}"]`).click({ timeout: 15_000 }).catch(e => {
      console.info(`[fleet] bridge log:\n${app.bridgeLog().split('\n').filter(l => !/skipped a line|dropped a/.test(l)).join('\n')}`);
      throw e;
    });
    await expect(page.getByTestId('resource-viewer')).toHaveAttribute('data-uri', uri);
    await expect(page.getByTestId('content-part').first()).toBeVisible({ timeout: 15_000 });
    rss.push(app.engineRssMb() ?? 0);
    await page.waitForTimeout(5_000);
  }

  if (tracePath) await browser.stopTracing();

  await test.step('the crash-looping server is in error with its reason', async () => {
    await expect(item('loop')).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(item('loop')).toContainText(/Crash loop: exited \d+ times in \d+ s; exit code 3/);
  });
  await test.step('the flooding server shows as throttled, and stays connected', async () => {
    await expect(item('flood')).toHaveAttribute('data-throttled', 'true');
    await expect(item('flood')).toHaveAttribute('data-status', 'connected');
    await expect(item('flood').getByTestId('server-throttle')).toContainText(/unwatched/);
  });
  await test.step('the page channel never dropped', async () => {
    expect(closes).toEqual([]);
  });
  await test.step('the page has no main-thread task over 200 ms', async () => {
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: { at: number; ms: number }[] }).longTasks);
    const longest = Math.max(0, ...tasks.map(t => t.ms));
    const worst = [...tasks].sort((a, b) => b.ms - a.ms).slice(0, 5);
    const when = worst.map(t => `${Math.round(t.ms)} ms at ${((t.at - countedFrom) / 1000).toFixed(1)} s`).join(', ');
    const load = loadavg().map(l => l.toFixed(1)).join(' ');
    test.info().annotations.push({ type: 'longest main-thread task (ms)', description: `${Math.round(longest)} (load average ${load})` });
    console.info(`[measure] broken fleet: longest main-thread tasks ${when || 'none'} (load average ${load}); engine RSS ${rssAtStart} MB at start, ${rss.join(', ')} MB`);
    // The bound, on wall time as the page lives it. Soft, so a run over it still checks memory. A long
    // task here is mostly the page waiting for a core: in a traced run (FLEET_TRACE) no task cost over 71 ms of
    // thread CPU, and the tasks over 200 ms cost 2–71 ms each (docs/testing.md).
    expect.soft(longest, `the page's longest main-thread tasks: ${when} (load average ${load})`).toBeLessThan(200);
  });
  await test.step("the malformed server's stray lines are in the protocol log, among the errors", async () => {
    await page.getByRole('tab', { name: 'Protocol log' }).click();
    const log = page.getByTestId('protocol-log');
    await log.getByTestId('log-filter-server').selectOption('malformed');
    await log.getByTestId('log-filter-errors').check();
    await expect(log.locator('[data-testid="protocol-entry"][data-kind="not-json-rpc"]').filter({ hasText: 'not json at all' }).first()).toBeVisible();
    // For a look at the whole screen after two minutes beside the fleet (kept with the test's output).
    await page.screenshot({ path: test.info().outputPath('broken-fleet.png') });
  });
  await test.step('engine memory stays bounded', async () => {
    expect(Math.max(...rss) - rssAtStart).toBeLessThan(150);
    // And flat over the second minute: no steady growth.
    const secondHalf = rss.slice(Math.floor(rss.length / 2));
    expect(Math.max(...secondHalf) - Math.min(...secondHalf)).toBeLessThan(100);
  });
});
