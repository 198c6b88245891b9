// What the page shows while many servers connect and list, sampled every POLL_MS from opening it: per server,
// when its sidebar item first said connected, when its last known (stale) list was first on screen, and when
// its live list replaced it (its list's cache badge no longer stale). Read from the DOM only: the test ids and
// data attributes of the sidebar (`server-item[data-status]`), the picker (`resource-list[data-loaded]`) and
// the list cache badges (`[data-cache-state]`, `[data-stale-list]`).
import type { BenchPage } from '../bench-page';

const POLL_MS = 50;

/** A page expression (a string: the app's CSP forbids eval-based waitForFunction). */
const SAMPLE = `(() => {
  const list = document.querySelector('[data-testid="resource-list"]');
  const connected = [...document.querySelectorAll('[data-testid="server-item"][data-status="connected"]')].map(e => e.dataset.serverId);
  const badges = [...document.querySelectorAll('.list-cache-badges li[data-server-id]')].map(li => {
    const badge = li.querySelector('[data-testid="cache-badge"]');
    return [li.dataset.serverId, badge ? badge.dataset.cacheState : '', li.dataset.staleList === 'true'];
  });
  return { loaded: list ? Number(list.dataset.loaded) : 0, loading: list ? list.dataset.loading === 'true' : true, connected, badges };
})()`;

interface Sample {
  loaded: number;
  loading: boolean;
  connected: string[];
  badges: [serverId: string, state: string, staleList: boolean][];
}

export interface FleetTimeline {
  /** ms from opening the page; undefined when it never happened before the deadline. */
  staleOnScreenMs?: number;
  allConnectedMs?: number;
  allListedMs?: number;
  /** Per server, ms from opening the page. */
  servers: Record<string, { connectedMs?: number; staleShownMs?: number; listedMs?: number }>;
}

/**
 * Opens `url` and samples until every one of `serverIds` is connected and listed live with `expected` items
 * in the picker, or `deadlineMs` passes. "Stale on screen": every server's last known list is shown (marked
 * stale) with `expected` items in the picker.
 */
export async function followFleet(page: BenchPage, url: string, serverIds: readonly string[], expected: number, deadlineMs: number): Promise<FleetTimeline> {
  const opened = performance.now();
  await page.goto(url);
  const timeline: FleetTimeline = { servers: Object.fromEntries(serverIds.map(id => [id, {}])) };
  const at = () => Math.round(performance.now() - opened);
  for (;;) {
    const s = await page.evaluate<Sample>(SAMPLE);
    const now = at();
    for (const id of s.connected) if (timeline.servers[id]) timeline.servers[id].connectedMs ??= now;
    let stale = 0;
    let live = 0;
    for (const [id, state, staleList] of s.badges) {
      const server = timeline.servers[id];
      if (!server) continue;
      if (staleList) {
        stale++;
        server.staleShownMs ??= now;
      } else if (state && state !== 'stale') {
        live++;
        server.listedMs ??= now;
      }
    }
    if (stale === serverIds.length && s.loaded >= expected) timeline.staleOnScreenMs ??= now;
    if (s.connected.length === serverIds.length) timeline.allConnectedMs ??= now;
    if (live === serverIds.length && !s.loading && s.loaded >= expected && timeline.allConnectedMs !== undefined) {
      timeline.allListedMs = now;
      return timeline;
    }
    if (now > deadlineMs) return timeline;
    await new Promise(r => setTimeout(r, POLL_MS));
  }
}

/**
 * How busy the page's main thread is while nothing happens (every server listed, no input): the ms of tasks per
 * second in each of `windows` consecutive spans of `ms`, from Chromium's own counter (`Performance.getMetrics`'
 * TaskDuration). The first span holds what the page does once after a listing (its search indexes are built in
 * idle steps); a later one what it pays all the time it is open (a page that re-renders on timers).
 */
export async function idleMainThreadMsPerSecond(page: BenchPage, ms: number, windows: number): Promise<number[]> {
  try {
    await page.send('Performance.enable');
    const taskSeconds = async () =>
      (await page.send<{ metrics: { name: string; value: number }[] }>('Performance.getMetrics')).metrics.find(m => m.name === 'TaskDuration')?.value ?? Number.NaN;
    const spans: number[] = [];
    for (let w = 0; w < windows; w++) {
      const before = await taskSeconds();
      const started = performance.now();
      await new Promise(resolve => setTimeout(resolve, ms));
      const after = await taskSeconds();
      spans.push(((after - before) * 1000) / ((performance.now() - started) / 1000));
    }
    return spans;
  } finally {
    await page.send('Performance.disable');
  }
}
