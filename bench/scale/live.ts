// The live-updates case of `bench/scale.ts` (alone: `npx tsx bench/scale/live.ts`): the reference server over
// HTTP announces `resources/updated` for 100 catalog items in turn, 1,000 a second in all (`--churn`, traced),
// the app (browser mode, page in Chromium, Watched panel open) watches all 100. Measured over a window:
//   - UI lag: for every update the server sent, from its send (the server's trace) to the page showing an
//     update of that resource received at or after it (the Watched row's data-last-updated, seen by a
//     MutationObserver); p50 / p95 / max. An update never followed by one on the page counts as dropped;
//   - the engine's CPU (the browser-mode process: /proc/<pid>/stat), as a share of one core.
// The case has no size dimension; sizes (if given) are rates: `--sizes 1000,2000` (updates a second).
// SCALE_PROFILE=1 also profiles the page's main thread over the window (CDP) and prints where its time went.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBridge } from '../../e2e/fixtures/bridge-process';
import { HttpReferenceServer } from '../../test-support/reference-server/http-server';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { connectedEngine } from '../engine-socket';
import { launchChromium } from '../picker-browser';
import { summariseProfile, type CpuProfile } from './cpu-profile';
import { runIfMain } from './standalone';
import type { ScaleRow } from './table';

const WATCHED = 100;
const WARM_UP_MS = 3_000;
const WINDOW_MS = 20_000;
/** After the window, how long the page is still watched for the window's last updates to arrive. */
const SETTLE_MS = 2_000;
const uriOf = (k: number) => `ref://catalog/${k}`;

const progress = (what: string) => process.stderr.write(`[scale:live] ${new Date().toISOString().slice(11, 19)} ${what}\n`);

/** Records, per Watched row change, [uri, data-last-updated, Date.now()] in window.__liveSeen. */
const OBSERVE = `(() => {
  const seen = [];
  window.__liveSeen = seen;
  const panel = document.querySelector('[data-testid="subscriptions-panel"]');
  new MutationObserver(records => {
    const now = Date.now();
    for (const r of records) {
      const el = r.target;
      if (el.dataset && el.dataset.testid === 'subscription-item') seen.push([el.dataset.uri, Number(el.dataset.lastUpdated), now]);
    }
  }).observe(panel, { attributes: true, attributeFilter: ['data-last-updated'], subtree: true });
})()`;

/** Jiffies of user + system CPU of a process (Linux). */
async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
const TICKS_PER_SECOND = 100;

/** Send times per URI from the server's churn trace, within [from, to). */
function sendsOf(trace: string, from: number, to: number): Map<string, number[]> {
  const sends = new Map<string, number[]>();
  for (const m of trace.matchAll(/churn (\d+) (\d+) (\d+)/g)) {
    const at = Number(m[1]);
    if (at < from || at >= to) continue;
    for (let k = 0; k < Number(m[3]); k++) {
      const uri = uriOf((Number(m[2]) + k) % WATCHED);
      let list = sends.get(uri);
      if (!list) sends.set(uri, (list = []));
      list.push(at);
    }
  }
  return sends;
}

interface LagFigures {
  sent: number;
  shownPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  dropped: number;
}

/** For each send, the first page change of its URI carrying an update received at or after the send. */
function lagOf(sends: Map<string, number[]>, seen: [uri: string, receivedAt: number, shownAt: number][], windowMs: number): LagFigures {
  const byUri = new Map<string, [number, number][]>();
  for (const [uri, receivedAt, shownAt] of seen) {
    let list = byUri.get(uri);
    if (!list) byUri.set(uri, (list = []));
    list.push([receivedAt, shownAt]);
  }
  const lags: number[] = [];
  let dropped = 0;
  for (const [uri, times] of sends) {
    const shown = byUri.get(uri) ?? [];
    let k = 0;
    for (const sentAt of times) {
      while (k < shown.length && shown[k][0] < sentAt) k++;
      if (k === shown.length) dropped++;
      else lags.push(shown[k][1] - sentAt);
    }
  }
  lags.sort((a, b) => a - b);
  const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? Number.NaN;
  const sent = [...sends.values()].reduce((n, t) => n + t.length, 0);
  return { sent, shownPerSecond: Math.round(seen.length / (windowMs / 1000)), p50: pct(50), p95: pct(95), max: lags.at(-1) ?? Number.NaN, dropped };
}

async function runRate(rate: number, browser: Awaited<ReturnType<typeof launchChromium>>): Promise<ScaleRow[]> {
  const server = await HttpReferenceServer.start(['--resources', '500', '--churn', String(WATCHED), '--churn-rate', String(rate), '--churn-trace', '--update-interval-ms', '3600000']);
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-live-'));
  const configPath = path.join(dir, 'config.json');
  await writeFile(configPath, JSON.stringify({ mcpServers: { live: server.configEntry } }));
  const bridge = await launchBridge({ configPath, dataDir: path.join(dir, 'data') });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const engine = await connectedEngine(bridge, 'live', 60_000);
    for (let k = 0; k < WATCHED; k++) await engine.call('subscriptions.watch', { serverId: 'live', uri: uriOf(k) });
    engine.close();
    await page.goto(bridge.url);
    await page.getByRole('tab', { name: 'Watched' }).click();
    await page.locator('[data-testid="subscription-item"]').nth(WATCHED - 1).waitFor();
    await page.evaluate(OBSERVE);
    await page.waitForTimeout(WARM_UP_MS);
    const pid = bridge.child.pid!;
    const from = Date.now();
    const cdp = process.env.SCALE_PROFILE ? await page.context().newCDPSession(page) : undefined;
    await cdp?.send('Profiler.enable');
    await cdp?.send('Profiler.start');
    const cpuBefore = await cpuTicks(pid);
    await page.waitForTimeout(WINDOW_MS);
    const to = Date.now();
    const cpu = (await cpuTicks(pid)) - cpuBefore;
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      progress(`page profile over the window: ${JSON.stringify(summariseProfile(profile as unknown as CpuProfile))}`);
      await cdp.detach();
    }
    await page.waitForTimeout(SETTLE_MS);
    const seen = (await page.evaluate('window.__liveSeen')) as [string, number, number][];
    const lag = lagOf(sendsOf(server.stderr(), from, to), seen.filter(([, , shownAt]) => shownAt >= from), to - from);
    const cpuShare = cpu / TICKS_PER_SECOND / ((to - from) / 1000);
    progress(`${rate}/s: ${JSON.stringify({ ...lag, engineCpu: cpuShare })}`);
    const size = `${WATCHED} watched, ${rate.toLocaleString('en')}/s`;
    return [
      { case: `live updates: UI lag, server send to the page showing it (p50 ${lag.p50} ms, max ${lag.max} ms; ${lag.shownPerSecond} row changes/s on the page)`, size, app: `${lag.p95} ms p95`, baseline: '—', target: '≤ 100 ms p95', met: lag.p95 <= 100 },
      { case: `live updates: sent in the window and never shown (of ${lag.sent.toLocaleString('en')})`, size, app: String(lag.dropped), baseline: '—', target: '0', met: lag.dropped === 0 },
      { case: 'live updates: engine CPU (browser-mode process)', size, app: `${Math.round(cpuShare * 100)}% of a core`, baseline: '—', target: '≤ 50%', met: cpuShare <= 0.5 }
    ];
  } finally {
    await page.close();
    await bridge.stop();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run(options: { sizes?: string[] }): Promise<ScaleRow[]> {
  await ensureBuilt();
  // Sizes of the other cases (10k, 1M, …) do not apply here: the case is one rate.
  const rates = (options.sizes ?? []).map(Number).filter(r => Number.isInteger(r) && r > 0);
  const browser = await launchChromium();
  try {
    const rows: ScaleRow[] = [];
    for (const rate of rates.length ? rates : [1_000]) rows.push(...(await runRate(rate, browser)));
    return rows;
  } finally {
    await browser.close();
  }
}

runIfMain(import.meta.url, run);
