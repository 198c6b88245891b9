// Where the engine's listing time goes (`npx tsx bench/listing-profile.ts [--resources N] [--rounds N] [--top N]
// [--baseline <checkout>] [--no-profile]`): the raw SDK cursor loop and the engine's streamed `resources.list`
// (bench/picker-app.ts) in interleaved rounds against one HTTP reference server, with browser mode's process under
// `node --cpu-prof`; with a baseline checkout, its browser mode lists in the same rounds (an A/B in one sitting). Only the samples taken
// while a timed engine listing ran are counted (the profile's clock and process.hrtime are both the monotonic
// clock), and bundle positions are mapped back to source files through the bundle's source map. Prints the
// figures, then the engine's busiest functions by self time and by inclusive time, and its time by source file.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { rawSdkLoop, streamedList, warmApp } from './picker-app';
import type { CallFrame, CpuProfile as Profile } from './scale/cpu-profile';
import { runBench } from './run-bench';
import { median } from './rounds';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}
const RESOURCES = flag('--resources', 100_000);
const ROUNDS = flag('--rounds', 3);
const TOP = flag('--top', 30);
/** `--baseline <checkout>`: that checkout's browser mode (its built dist/node/bridge.mjs) is listed too, in the same rounds. */
const BASELINE = process.argv.includes('--baseline') ? process.argv[process.argv.indexOf('--baseline') + 1] : undefined;
/** `--no-profile`: the figures without the profiler's own cost. */
const PROFILE = !process.argv.includes('--no-profile');
const RESULTS = path.join(import.meta.dirname, 'results');

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Names a frame by function and source position, through the bundle's source map where there is one. */
async function loadMaps(profile: Profile): Promise<(frame: CallFrame) => { name: string; file: string }> {
  const cache = new Map<string, SourceMap | null>();
  for (const url of new Set(profile.nodes.map(n => n.callFrame.url))) {
    let map: SourceMap | null = null;
    if (url.startsWith('file://') && url.endsWith('.mjs')) {
      const text = await readFile(`${fileURLToPath(url)}.map`, 'utf8').catch(() => undefined);
      if (text) map = new SourceMap(JSON.parse(text) as ConstructorParameters<typeof SourceMap>[0]);
    }
    cache.set(url, map);
  }
  return frame => {
    const map = cache.get(frame.url);
    const entry = map && frame.lineNumber >= 0 ? (map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number }) : undefined;
    const source = entry?.originalSource;
    const file = source ? source.replace(/^.*?\/(node_modules|electron|shared)\//, '$1/') : frame.url ? frame.url.split('/').slice(-2).join('/') : '(native)';
    const line = source && entry.originalLine !== undefined ? entry.originalLine + 1 : frame.lineNumber + 1;
    return { name: `${frame.functionName || '(anonymous)'} ${file}:${line}`, file };
  };
}

/** Self and inclusive ms per function and self ms per file, counting only samples inside `windows` (µs). */
function attribute(profile: Profile, windows: [number, number][], name: (frame: CallFrame) => { name: string; file: string }) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const named = new Map(profile.nodes.map(n => [n.id, name(n.callFrame)]));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const files = new Map<string, number>();
  let at = profile.startTime;
  let counted = 0;
  for (let k = 0; k < profile.samples.length; k++) {
    at += profile.timeDeltas[k];
    const delta = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    if (!windows.some(([from, to]) => at >= from && at <= to)) continue;
    counted += delta;
    const id = profile.samples[k];
    const own = named.get(id);
    if (!own || !byId.has(id)) continue;
    self.set(own.name, (self.get(own.name) ?? 0) + delta);
    files.set(own.file, (files.get(own.file) ?? 0) + delta);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = named.get(cur);
      if (!frame || seen.has(frame.name)) continue;
      seen.add(frame.name);
      inclusive.set(frame.name, (inclusive.get(frame.name) ?? 0) + delta);
    }
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { counted, self: sorted(self), inclusive: sorted(inclusive), files: sorted(files) };
}

const table = (title: string, rows: [string, number][], per: number) =>
  `${title}\n${rows
    .slice(0, TOP)
    .map(([n, ms]) => `  ${(ms / per).toFixed(1).padStart(8)} ms  ${n}`)
    .join('\n')}`;

interface App {
  name: string;
  engine: Awaited<ReturnType<typeof warmApp>>['engine'];
  bridge: Awaited<ReturnType<typeof warmApp>>['bridge'];
  profiles: string;
  ms: number[];
  windows: [number, number][];
}

async function main(): Promise<void> {
  await ensureBuilt();
  const server = await HttpReferenceServer.start(['--resources', String(RESOURCES), '--page-size', '500', '--update-interval-ms', '3600000']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listing-profile-'));
  const apps: App[] = [];
  try {
    const configPath = path.join(dataDir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: { ref: { type: 'http', url: server.url } } }));
    const { items } = await rawSdkLoop(server.url);
    const checkouts: [string, string | undefined][] = [['this', undefined], ...(BASELINE ? [['baseline', path.join(path.resolve(BASELINE), 'dist', 'node', 'bridge.mjs')] as [string, string]] : [])];
    for (const [name, bundle] of checkouts) {
      const profiles = path.join(dataDir, `profiles-${name}`);
      const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [];
      apps.push({ name, profiles, ms: [], windows: [], ...(await warmApp(configPath, dataDir, items.length, { nodeArgs, bundle })) });
    }
    const raw: number[] = [];
    const loads: number[] = [loadavg()[0]];
    for (let r = 0; r < ROUNDS; r++) {
      raw.push((await rawSdkLoop(server.url)).ms);
      // Alternating order: neither checkout always lists right after the raw loop.
      for (const app of r % 2 ? [...apps].reverse() : apps) {
        await app.engine.call('cache.clear', {});
        const from = nowUs();
        app.ms.push(await streamedList(app.engine, items.length, `round-${r}`));
        app.windows.push([from, nowUs()]);
      }
      loads.push(loadavg()[0]);
    }
    for (const app of apps) {
      app.engine.close();
      await app.bridge.stop();
    }
    const figures = {
      resources: items.length,
      rounds: ROUNDS,
      profiled: PROFILE,
      rawMs: raw.map(Math.round),
      ...Object.fromEntries(apps.map(app => [app.name, { engineMs: app.ms.map(Math.round), engineVsRaw: +(median(app.ms) / median(raw)).toFixed(3) }])),
      loadAverage1m: loads.map(l => +l.toFixed(2))
    };
    console.log(JSON.stringify(figures, null, 2));
    if (!PROFILE) return;
    for (const app of apps) {
      const file = (await readdir(app.profiles)).find(f => f.endsWith('.cpuprofile'));
      if (!file) throw new Error(`${app.name}: browser mode wrote no CPU profile`);
      const text = await readFile(path.join(app.profiles, file), 'utf8');
      const profile = JSON.parse(text) as Profile;
      // Kept for DevTools, with the timed windows (µs, the profile's clock) for a closer look.
      await mkdir(RESULTS, { recursive: true });
      await writeFile(path.join(RESULTS, `listing-${app.name}.cpuprofile`), text);
      await writeFile(path.join(RESULTS, `listing-${app.name}.windows.json`), JSON.stringify(app.windows));
      const result = attribute(profile, app.windows, await loadMaps(profile));
      const listings = app.windows.length;
      console.log(`\n=== ${app.name}: engine samples inside its ${listings} timed listings, ${(result.counted / listings).toFixed(0)} ms a listing (figures per listing)`);
      console.log(table('\nself time by function:', result.self, listings));
      console.log(table('\ninclusive time by function:', result.inclusive, listings));
      console.log(table('\nself time by source file:', result.files, listings));
    }
  } finally {
    await Promise.all(apps.map(app => app.bridge.stop()));
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
