// Isolation benchmark: `npx tsx bench/isolation.ts [--samples 150] [--fleet-seconds 120]`.
// One engine process (this one), as browser mode runs it. Phase 1: a healthy stdio server alone; list and
// read it `samples` times each (cache bypassed, so every call is a round trip) and take p50/p95. Phase 2:
// add the broken fleet (test-support/fleet/broken-server.ts: flood of resources/updated over stdio and over
// Streamable HTTP, a 200 MB line, a
// 50 MB blob read over and over, a crash loop, a silent server, malformed JSON, wrong ids), keep them busy,
// (each asked again 2 s after its last call ended), and measure the healthy server again in the same run;
// the ratio of the two is the figure. The engine's
// RSS and event-loop delay are sampled every second through the fleet phase. Prints Markdown (README).
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
    samples: { type: 'string', default: '150' },
    'fleet-seconds': { type: 'string', default: '120' },
    only: { type: 'string' },
    /** Pause between samples, so they spread over the fleet's cycles instead of one burst of a second or two. */
    'spacing-ms': { type: 'string', default: '0' },
    'max-message-mb': { type: 'string' }
  }
});
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

async function measure(engine: Engine): Promise<{ list: number[]; read: number[]; gc: GcTally; seconds: number }> {
  progress('measuring');
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

async function main(): Promise<void> {
  // The engine runs in this process, so it takes the flag the app's entry points set.
  boundHeapGrowth();
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-isolation-'));
  const engine = await createEngine({ configPath: path.join(dir, 'config.json'), dataDir: dir, defaults: () => ({ healthy: brokenServer('healthy', ['--resources', '100']) }), requestTimeoutMs: 5_000, ...(values['max-message-mb'] && { limits: { maxMessageBytes: Number(values['max-message-mb']) * 1024 * 1024 } }) });
  const lag = monitorEventLoopDelay({ resolution: 10 });
  let httpFlood: BrokenHttpServer | undefined;
  try {
    await waitFor(engine, 'healthy', 'connected');
    progress('healthy connected');
    await measure(engine); // warm-up
    const alone = await measure(engine);
    const rssBefore = rss();

    for (const [id, mode] of Object.entries(FLEET)) {
      if (id !== 'httpFlood') await engine.registry.add(id, brokenServer(mode));
      else {
        httpFlood = await startBrokenHttpServer(mode);
        await engine.registry.add(id, httpFlood.entry);
      }
    }
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
    const timeline: { s: number; rss: number; lagP99: number }[] = [];
    const started = Date.now();
    lag.enable();
    const sampler = setInterval(() => {
      timeline.push({ s: Math.round((Date.now() - started) / 1000), rss: rss(), lagP99: Math.round(lag.percentile(99) / 1e6) });
      lag.reset();
    }, 1000);
    await new Promise(r => setTimeout(r, 5_000)); // let the flood get going
    const beside = await measure(engine);
    const remaining = fleetSeconds * 1000 - (Date.now() - started);
    if (remaining > 0) await new Promise(r => setTimeout(r, remaining));
    clearInterval(sampler);
    stop = true;
    lag.disable();

    const row = (name: string, a: number[], b: number[]) => {
      const [a50, a95, b50, b95] = [pct(a, 50), pct(a, 95), pct(b, 50), pct(b, 95)];
      return `| ${name} | ${a50.toFixed(1)} / ${a95.toFixed(1)} | ${b50.toFixed(1)} / ${b95.toFixed(1)} | ${(b95 / a95).toFixed(2)} |`;
    };
    console.log(`\n### Isolation (${samples} samples each, ${spacingMs} ms apart, fleet running ${fleetSeconds} s)\n`);
    console.log('| healthy server | alone p50 / p95 (ms) | beside the fleet p50 / p95 (ms) | p95 ratio |');
    console.log('|---|---|---|---|');
    console.log(row('resources.list', alone.list, beside.list));
    console.log(row('resources.read', alone.read, beside.read));
    console.log(`\nGC while measuring: alone ${gcText(alone.gc)} in ${alone.seconds.toFixed(1)} s; beside ${gcText(beside.gc)} in ${beside.seconds.toFixed(1)} s.`);
    console.log(`\nEngine RSS: ${rssBefore} MB before the fleet; peak ${Math.max(...timeline.map(t => t.rss))} MB; last ${timeline.at(-1)?.rss} MB.`);
    console.log(`Event-loop delay p99 per second (ms), max over the run: ${Math.max(...timeline.map(t => t.lagP99))}.`);
    const throttleOf = (id: string) => (has(id) ? JSON.stringify(engine.registry.get(id).snapshot().throttle ?? null) : '-');
    console.log(`Flood server: ${throttleOf('flood')}; HTTP flood server: ${throttleOf('httpFlood')}; loop server: ${has('loop') ? engine.registry.get('loop').snapshot().status : '-'}.`);
    console.log('\n| s | RSS (MB) | loop delay p99 (ms) |\n|---|---|---|');
    for (const t of timeline.filter((_, k) => k % 10 === 0 || k === timeline.length - 1)) console.log(`| ${t.s} | ${t.rss} | ${t.lagP99} |`);
    await Promise.race([Promise.all(background), new Promise(r => setTimeout(r, 6_000))]);
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
