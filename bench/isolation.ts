// Isolation benchmark: `npx tsx bench/isolation.ts [--rounds 3] [--samples 300] [--spacing-ms 50] [--fleet-seconds 30]`.
// One engine process (this one), as browser mode runs it. Each round has two phases. Alone: a healthy stdio
// server is listed and read `samples` times each (cache bypassed, so every call is a round trip). Beside: the
// broken fleet is added (test-support/fleet/broken-server.ts: flood of resources/updated over stdio and over
// Streamable HTTP, a 200 MB line, a 50 MB blob read over and over, a crash loop, a silent server, malformed
// JSON, wrong ids), kept busy (each asked again 2 s after its last call ended) for `fleet-seconds`, and the
// healthy server is measured again; then the fleet is removed. Rounds alternate the two phases so that a
// change in the machine's load falls on both alike, and the figure is the ratio of the p95s pooled over all
// rounds (each round's own ratio is printed too). The engine's RSS and event-loop delay are sampled every
// second while the fleet runs. Prints Markdown (README).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createEngine } from '../electron/engine/engine';
import type { Engine } from '../electron/engine/engine';
import { boundHeapGrowth } from '../electron/engine/heap-growth';
import { brokenServer, startBrokenHttpServer, type BrokenHttpServer } from '../test-support/fleet/fleet';
import type { BrokenMode } from '../test-support/fleet/fleet';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    samples: { type: 'string', default: '300' },
    /** How long the fleet runs in each round (at least as long as the measurement beside it takes). */
    'fleet-seconds': { type: 'string', default: '30' },
    only: { type: 'string' },
    /** Pause between samples, so they spread over the fleet's cycles instead of one burst of a second or two. */
    'spacing-ms': { type: 'string', default: '50' },
    'max-message-mb': { type: 'string' }
  }
});
const rounds = Number(values.rounds);
const samples = Number(values.samples);
const fleetSeconds = Number(values['fleet-seconds']);
const spacingMs = Number(values['spacing-ms']);

const FULL_FLEET: Record<string, BrokenMode> = {
  flood: 'flood',
  /** The same flood over Streamable HTTP (its event stream). */
  httpFlood: 'flood',
  huge: 'huge-line',
  blob: 'big-blob',
  loop: 'exit-after-init',
  silent: 'silent',
  malformed: 'malformed',
  wrong: 'wrong-ids'
};

/** `--only flood,blob` runs part of the fleet (to see which member costs what). */
const FLEET = Object.fromEntries(Object.entries(FULL_FLEET).filter(([id]) => !values.only || values.only.split(',').includes(id)));
const has = (id: string) => id in FLEET;

const MB = 1024 * 1024;
const rss = () => Math.round(process.memoryUsage().rss / MB);
const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function waitFor(engine: Engine, serverId: string, status: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (engine.registry.get(serverId).snapshot().status !== status) {
    if (Date.now() > until) throw new Error(`${serverId} did not reach ${status}`);
    await new Promise(r => setTimeout(r, 100));
  }
}

const progress = (what: string) => process.stderr.write(`[bench] ${Math.round(performance.now() / 1000)} s: ${what}\n`);

/** Garbage collection in this process while a phase is measured: mark-compacts and scavenges, count and ms. */
interface GcTally {
  major: number;
  majorMs: number;
  minor: number;
  minorMs: number;
}

function tallyGc(): { stop(): GcTally } {
  const tally: GcTally = { major: 0, majorMs: 0, minor: 0, minorMs: 0 };
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        tally.major++;
        tally.majorMs += entry.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        tally.minor++;
        tally.minorMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      observer.disconnect();
      return tally;
    }
  };
}

const gcText = (t: GcTally) => `${t.major} mark-compacts (${t.majorMs.toFixed(0)} ms), ${t.minor} scavenges (${t.minorMs.toFixed(0)} ms)`;

interface Measured {
  list: number[];
  read: number[];
  gc: GcTally;
  seconds: number;
}

async function measure(engine: Engine, what: string): Promise<Measured> {
  progress(`measuring ${what}`);
  const list: number[] = [];
  const read: number[] = [];
  const gc = tallyGc();
  const started = performance.now();
  for (let i = 0; i < samples; i++) {
    if (spacingMs) await new Promise(r => setTimeout(r, spacingMs));
    let t = performance.now();
    await engine.host.dispatch('resources.list', { serverId: 'healthy', cacheMode: 'bypass' });
    list.push(performance.now() - t);
    t = performance.now();
    await engine.host.dispatch('resources.read', { serverId: 'healthy', uri: `fleet://healthy/${i % 100}`, cacheMode: 'bypass' });
    read.push(performance.now() - t);
  }
  return { list, read, gc: gc.stop(), seconds: (performance.now() - started) / 1000 };
}

interface FleetRun {
  beside: Measured;
  rssBefore: number;
  /** One entry a second while the fleet ran. */
  timeline: { s: number; rss: number; lagP99: number }[];
  /** What the engine said of the fleet at the end: the floods' throttle counts, the crash loop's status. */
  state: string;
}

/** Adds the fleet, keeps it busy for `fleetSeconds` while the healthy server is measured beside it, then removes it. */
async function besideTheFleet(engine: Engine, httpFlood: BrokenHttpServer | undefined): Promise<FleetRun> {
  const rssBefore = rss();
  for (const [id, mode] of Object.entries(FLEET)) await engine.registry.add(id, id === 'httpFlood' && httpFlood ? httpFlood.entry : brokenServer(mode));
  for (const id of ['flood', 'httpFlood', 'huge', 'blob', 'silent', 'malformed', 'wrong'].filter(has)) await waitFor(engine, id, 'connected');
  progress('fleet connected');
  let stop = false;
  // Each broken server is asked again 2 s after its last call ended (a user clicking around), the flood runs free.
  const busy = async (work: () => Promise<unknown>) => {
    while (!stop) {
      await work().catch(() => undefined);
      await new Promise(r => setTimeout(r, 2_000));
    }
  };
  const load: [string, () => Promise<unknown>][] = [
    ['huge', () => engine.host.dispatch('resources.list', { serverId: 'huge', cacheMode: 'bypass' })],
    ['blob', () => engine.host.dispatch('resources.read', { serverId: 'blob', uri: 'fleet://blob/0', cacheMode: 'bypass', previewBytes: 256 * 1024 })],
    ['silent', () => engine.host.dispatch('resources.list', { serverId: 'silent', cacheMode: 'bypass' })],
    ['malformed', () => engine.host.dispatch('resources.list', { serverId: 'malformed', cacheMode: 'bypass' })],
    ['wrong', () => engine.host.dispatch('resources.read', { serverId: 'wrong', uri: 'fleet://wrong/0', cacheMode: 'bypass' })]
  ];
  const background = load.filter(([id]) => has(id)).map(([, work]) => busy(work));
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const timeline: FleetRun['timeline'] = [];
  const started = Date.now();
  lag.enable();
  const sampler = setInterval(() => {
    timeline.push({ s: Math.round((Date.now() - started) / 1000), rss: rss(), lagP99: Math.round(lag.percentile(99) / 1e6) });
    lag.reset();
  }, 1000);
  await new Promise(r => setTimeout(r, 5_000)); // let the flood get going
  const beside = await measure(engine, 'beside the fleet');
  const remaining = fleetSeconds * 1000 - (Date.now() - started);
  if (remaining > 0) await new Promise(r => setTimeout(r, remaining));
  clearInterval(sampler);
  lag.disable();
  stop = true;
  const throttleOf = (id: string) => (has(id) ? JSON.stringify(engine.registry.get(id).snapshot().throttle ?? null) : '-');
  const state = `flood server ${throttleOf('flood')}; HTTP flood server ${throttleOf('httpFlood')}; loop server ${has('loop') ? engine.registry.get('loop').snapshot().status : '-'}`;
  await Promise.race([Promise.all(background), new Promise(r => setTimeout(r, 6_000))]);
  for (const id of Object.keys(FLEET)) await engine.registry.remove(id);
  return { beside, rssBefore, timeline, state };
}

const ms = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  // The engine runs in this process, so it takes the flag the app's entry points set.
  boundHeapGrowth();
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-isolation-'));
  const engine = await createEngine({ configPath: path.join(dir, 'config.json'), dataDir: dir, defaults: () => ({ healthy: brokenServer('healthy', ['--resources', '100']) }), requestTimeoutMs: 5_000, ...(values['max-message-mb'] && { limits: { maxMessageBytes: Number(values['max-message-mb']) * 1024 * 1024 } }) });
  const httpFlood = has('httpFlood') ? await startBrokenHttpServer(FLEET.httpFlood) : undefined;
  try {
    await waitFor(engine, 'healthy', 'connected');
    progress('healthy connected');
    await measure(engine, 'warm-up');
    const results: { alone: Measured; fleet: FleetRun }[] = [];
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round} of ${rounds}`);
      // What the last fleet left behind (exiting processes, its garbage) settles before the healthy server is measured alone.
      if (round > 1) await new Promise(r => setTimeout(r, 3_000));
      const alone = await measure(engine, 'alone');
      results.push({ alone, fleet: await besideTheFleet(engine, httpFlood) });
    }

    const pooled = (pick: (m: Measured) => number[], phase: 'alone' | 'beside') => results.flatMap(r => pick(phase === 'alone' ? r.alone : r.fleet.beside));
    const row = (name: string, a: number[], b: number[]) => `| ${name} | ${ms(pct(a, 50))} / ${ms(pct(a, 95))} | ${ms(pct(b, 50))} / ${ms(pct(b, 95))} | ${(pct(b, 95) / pct(a, 95)).toFixed(2)} |`;
    console.log(`\n### Isolation (${rounds} rounds; ${samples} samples per phase, ${spacingMs} ms apart; the fleet runs ${fleetSeconds} s a round)\n`);
    console.log('| healthy server, all rounds pooled | alone p50 / p95 (ms) | beside the fleet p50 / p95 (ms) | p95 ratio |');
    console.log('|---|---|---|---|');
    console.log(row('resources.list', pooled(m => m.list, 'alone'), pooled(m => m.list, 'beside')));
    console.log(row('resources.read', pooled(m => m.read, 'alone'), pooled(m => m.read, 'beside')));

    console.log('\n| round | list p95 alone → beside (ms) | read p95 alone → beside (ms) | p95 ratio list / read | GC beside the fleet | engine RSS before → peak → last (MB) | loop delay p99, worst second (ms) |');
    console.log('|---|---|---|---|---|---|---|');
    results.forEach(({ alone, fleet }, k) => {
      const { beside, timeline } = fleet;
      const ratio = (pick: (m: Measured) => number[]) => (pct(pick(beside), 95) / pct(pick(alone), 95)).toFixed(2);
      const rssText = `${fleet.rssBefore} → ${Math.max(...timeline.map(t => t.rss))} → ${timeline.at(-1)?.rss}`;
      console.log(`| ${k + 1} | ${ms(pct(alone.list, 95))} → ${ms(pct(beside.list, 95))} | ${ms(pct(alone.read, 95))} → ${ms(pct(beside.read, 95))} | ${ratio(m => m.list)} / ${ratio(m => m.read)} | ${gcText(beside.gc)} in ${beside.seconds.toFixed(1)} s | ${rssText} | ${Math.max(...timeline.map(t => t.lagP99))} |`);
    });
    const last = results.at(-1)?.fleet;
    if (!last) return;
    console.log(`\nAt the end of the last round: ${last.state}.`);
    console.log('\nEngine RSS over the last round:\n\n| s | RSS (MB) | loop delay p99 (ms) |\n|---|---|---|');
    for (const t of last.timeline.filter((_, k) => k % 10 === 0 || k === last.timeline.length - 1)) console.log(`| ${t.s} | ${t.rss} | ${t.lagP99} |`);
  } finally {
    await engine.close();
    await httpFlood?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  err => {
    console.error(err);
    process.exit(1);
  }
);
