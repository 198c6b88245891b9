// Where the picker's listing time and memory go (`npx tsx bench/scale-profile.ts [--size 100k] [--top 25]
// [--typing]`): one listing of the reference server (HTTP, 500 per page) in browser mode, with the page under the
// Chrome DevTools CPU profiler and the sampling heap profiler (live objects by allocating function, after a
// forced GC), and the engine under `node --cpu-prof`. Prints the top functions by self time (page and engine)
// and by live bytes (page), and writes the .cpuprofile files to bench/results/ for DevTools. `--typing` also
// profiles the page while the picker bench's queries are typed into the loaded list (keystroke costs), and
// records a browser trace of the same typing, whose events name the native work the JS profiler shows only as
// "(program)": style, layout, paint. The page runs under Playwright here (for its tracing API), which copies every
// WebSocket frame to itself (bare-chromium.ts): the page's listing profile carries that copy too, so time
// listings with bench/scale.ts, and read this profile for where the page's own work goes.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { rawSdkLoop, warmApp } from './picker-app';
import { launchChromium, typeQueries, waitForListed } from './picker-browser';
import { runBench } from './run-bench';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}
const SIZE = Number(argument('--size', '100k').replace(/k$/i, '000').replace(/M$/, '000000'));
const TOP = Number(argument('--top', '25'));
const TYPING = process.argv.includes('--typing');

// The parts of the DevTools protocol's profiles read here (Profiler.Profile, HeapProfiler.SamplingHeapProfile).
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples?: number[];
  timeDeltas?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}
const frameName = (f: { functionName: string; url: string; lineNumber: number }) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;

/** Self time per function (summed over its nodes), in ms, largest first. */
function selfTimes(profile: Profile): [string, number][] {
  const byNode = new Map(profile.nodes.map(n => [n.id, n]));
  const totals = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, k) => {
    const node = byNode.get(id);
    if (!node) return;
    const name = frameName(node.callFrame);
    totals.set(name, (totals.get(name) ?? 0) + (deltas[k + 1] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Live bytes per allocating function (self), largest first. */
function liveBytes(profile: { head: HeapNode }): [string, number][] {
  const totals = new Map<string, number>();
  const walk = (node: HeapNode) => {
    if (node.selfSize) totals.set(frameName(node.callFrame), (totals.get(frameName(node.callFrame)) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Time per trace event name on the page's main thread, in ms, largest first (inclusive: nested events count twice). */
function mainThreadTimes(events: TraceEvent[]): [string, number][] {
  const main = events.find(e => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const totals = new Map<string, number>();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const table = (title: string, rows: [string, number][], unit: (x: number) => string) =>
  `${title}\n${rows.slice(0, TOP).map(([name, x]) => `  ${unit(x).padStart(10)}  ${name}`).join('\n')}`;

async function main(): Promise<void> {
  await ensureBuilt();
  const server = await HttpReferenceServer.start(['--resources', String(SIZE), '--page-size', '500', '--update-interval-ms', '3600000']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scale-profile-'));
  const engineProfiles = path.join(dataDir, 'engine-profiles');
  const results = path.join(import.meta.dirname, 'results');
  await mkdir(results, { recursive: true });
  const browser = await launchChromium();
  try {
    const configPath = path.join(dataDir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: { ref: { type: 'http', url: server.url } } }));
    const expected = (await rawSdkLoop(server.url)).items.length;
    // The engine's profile covers its whole life (warm-up listing included); it is written when it exits.
    const app = await warmApp(configPath, dataDir, expected, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${engineProfiles}`] });
    app.engine.close();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('HeapProfiler.enable');
    await page.goto(app.bridge.url);
    await cdp.send('Profiler.start');
    await cdp.send('HeapProfiler.startSampling', { samplingInterval: 4096 });
    const listMs = await waitForListed(page, expected);
    await page.waitForTimeout(500);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('HeapProfiler.collectGarbage');
    const { profile: heap } = await cdp.send('HeapProfiler.getSamplingProfile');
    await cdp.send('HeapProfiler.stopSampling');
    const usage = await cdp.send('Runtime.getHeapUsage');
    await writeFile(path.join(results, `page-${SIZE}.cpuprofile`), JSON.stringify(profile));
    let typing: { profile: Profile; keystrokes: number; committedMs: number; trace: TraceEvent[] } | undefined;
    if (TYPING) {
      await cdp.send('Profiler.start');
      const samples = await typeQueries(page, 3);
      const { profile: typed } = await cdp.send('Profiler.stop');
      await writeFile(path.join(results, `page-typing-${SIZE}.cpuprofile`), JSON.stringify(typed));
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
      await typeQueries(page, 3);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      typing = { profile: typed, keystrokes: samples.committed.length, committedMs: samples.committed.reduce((a, b) => a + b, 0), trace: trace.traceEvents };
    }
    await app.bridge.stop();
    const engineFiles = (await readdir(engineProfiles).catch(() => [])).filter(f => f.endsWith('.cpuprofile'));
    const engine = await Promise.all(engineFiles.map(async f => JSON.parse(await readFile(path.join(engineProfiles, f), 'utf8')) as Profile));
    const biggest = engine.sort((a, b) => b.nodes.length - a.nodes.length)[0];
    if (biggest) await writeFile(path.join(results, `engine-${SIZE}.cpuprofile`), JSON.stringify(biggest));
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const mb = (x: number) => `${(x / 2 ** 20).toFixed(1)} MB`;
    console.log(`${expected} items listed in ${(listMs / 1000).toFixed(2)} s; page heap used ${mb(usage.usedSize)} after GC (${(usage.usedSize / expected).toFixed(0)} B/item)`);
    console.log(table('\npage CPU, self time (from page open):', selfTimes(profile), ms));
    console.log(table('\npage heap, live after GC, by allocating function (sampled):', liveBytes(heap), mb));
    if (typing) {
      const summary = `${typing.keystrokes} keystrokes, ${ms(typing.committedMs)} to their commits in all`;
      console.log(table(`\npage CPU while typing, self time (${summary}):`, selfTimes(typing.profile), ms));
      console.log(table('\npage main thread while typing the same again, by trace event (inclusive):', mainThreadTimes(typing.trace), ms));
    }
    if (biggest) console.log(table('\nengine CPU, self time (whole life, warm-up listing included):', selfTimes(biggest), ms));
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
