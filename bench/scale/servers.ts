// The many-servers case of `bench/scale.ts` (alone: `npx tsx bench/scale/servers.ts [--sizes 10k,100k]`):
// N stdio reference servers (each its own seed, so none shares another's cache), in the same run:
//   - the raw SDK loop: N SDK clients started at once, each connecting and walking resources/list cursors; as
//     the SDK connects by default (each server started twice: its era probe runs in a throwaway process), then
//     with the era probed in place (started once, as the app does);
//   - the app's first launch (empty data dir) in browser mode with the page in Chromium (driven over bare
//     DevTools, bare-chromium.ts, so no driver copies the page's traffic): from opening the
//     page to every server connected, and to every list shown live;
//   - its second launch on the same data dir (saved era verdicts, warm cache file): when the last known
//     lists are on screen (marked stale), every server connected, every list replaced by the live one; then
//     how busy the page's main thread stays over three spans of 10 s of nothing;
//   - a third launch through the engine alone, no page (engine-fleet.ts): the floor these servers set.
// For both app launches, the CPU each side used until all was listed (/proc for the engine's process and its
// servers, DevTools' SystemInfo for Chromium's processes): on two cores, what the page costs is CPU taken from the rest.
// Sizes: 10k = 10 servers × 1,000 resources, 100k = 50 × 2,000 (the issue's case), 1M = 50 × 20,000.
// SCALE_PROFILE=1 writes the engine's CPU profile of each launch (node --cpu-prof) and prints its summary, and
// profiles the page too (DevTools CPU profiler); for the second launch both are also summarised up to the moment
// the last known lists were on screen.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StdioServerConfig } from '../../shared/contract';
import { referenceServerEntry } from '../../electron/engine/config/default-server';
import { launchBridge } from '../../e2e/fixtures/bridge-process';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { engineFleet } from './engine-fleet';
import { BareChromium, cpuSince } from '../bare-chromium';
import { summariseProfile, summariseProfileDir, type CpuProfile } from './cpu-profile';
import { followFleet, idleMainThreadMsPerSecond, type FleetTimeline } from './fleet-page';
import { childrenCpuMs, cpuMsOf, endedChildrenCpuMs } from './process-cpu';
import { rawStdioFleet } from './raw-stdio-fleet';
import { runIfMain } from './standalone';
import type { ScaleRow } from './table';

const SHAPES: Record<string, { servers: number; resources: number }> = {
  '10k': { servers: 10, resources: 1_000 },
  '100k': { servers: 50, resources: 2_000 },
  '1M': { servers: 50, resources: 20_000 }
};
const PAGE_SIZE = 500;
const DEADLINE_MS = 600_000;
/** How long the page is watched doing nothing after the second launch has listed everything. */
const IDLE_MS = 10_000;
/**
 * How many such spans, one after another. The first ones hold the search indexes' idle build after the listing
 * (longer with more items); the last is what an open page costs while nothing happens.
 */
const IDLE_SPANS = 3;

const seconds = (ms: number | undefined) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`);
const progress = (what: string) => process.stderr.write(`[scale:servers] ${new Date().toISOString().slice(11, 19)} ${what}\n`);

function fleetConfig(servers: number, resources: number): Record<string, StdioServerConfig> {
  // An hour between live ticks: no list_changed mid-run (it would relist, which the raw loop never does).
  const args = (k: number) => ['--resources', String(resources), '--page-size', String(PAGE_SIZE), '--seed', String(k + 1), '--update-interval-ms', '3600000'];
  return Object.fromEntries(Array.from({ length: servers }, (_, k) => [`ref${String(k).padStart(2, '0')}`, referenceServerEntry(args(k))]));
}

interface LaunchRun {
  /** From spawning the app to its page being opened. */
  launchToOpenMs: number;
  timeline: FleetTimeline;
  /** The page's main thread, ms of tasks per second, over IDLE_SPANS spans of IDLE_MS after everything was listed (when asked). */
  idleMsPerSecond?: number[];
  /** CPU ms from launching to all listed (or the deadline): the engine's process, its servers', Chromium's (every process). */
  cpu?: { engineMs?: number; serversMs: number; chromiumMs?: Record<string, number> };
}

/** CPU ms of Chromium's processes so far by their type, or undefined if it cannot say. A process that ended since is not counted. */
async function chromiumCpuMs(browser: BareChromium): Promise<Record<string, number> | undefined> {
  try {
    return await browser.cpuMsByType();
  } catch {
    return undefined;
  }
}

async function launchAndFollow(browser: BareChromium, configPath: string, dataDir: string, ids: string[], expected: number, label: string, watchIdle = false): Promise<LaunchRun> {
  const profileDir = process.env.SCALE_PROFILE ? await mkdtemp(path.join(tmpdir(), `scale-prof-${label}-`)) : undefined;
  const chromiumBefore = await chromiumCpuMs(browser);
  const spawned = performance.now();
  const bridge = await launchBridge({ configPath, dataDir, nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
  const page = await browser.newPage();
  let run: LaunchRun | undefined;
  let pageProfile: CpuProfile | undefined;
  try {
    if (profileDir) await page.send('Profiler.enable').then(() => page.send('Profiler.start'));
    const launchToOpenMs = Math.round(performance.now() - spawned);
    const timeline = await followFleet(page, bridge.url, ids, expected, DEADLINE_MS);
    const chromiumAfter = await chromiumCpuMs(browser);
    const enginePid = bridge.child.pid;
    const cpu = {
      ...(enginePid !== undefined && { engineMs: cpuMsOf(enginePid) }),
      // The live servers, and the processes that ended (the engine spawns nothing else).
      serversMs: enginePid === undefined ? 0 : childrenCpuMs(enginePid, 'reference-server').reduce((a, b) => a + b, 0) + (endedChildrenCpuMs(enginePid) ?? 0),
      ...(chromiumBefore !== undefined && chromiumAfter !== undefined && { chromiumMs: cpuSince(chromiumBefore, chromiumAfter) })
    };
    if (profileDir) {
      pageProfile = (await page.send<{ profile: CpuProfile }>('Profiler.stop')).profile;
      // Beside the engine's, for a closer look (source-mapped through dist/renderer's maps).
      await writeFile(path.join(profileDir, 'page-profile.json'), JSON.stringify(pageProfile));
    }
    run = { launchToOpenMs, timeline, cpu };
    if (watchIdle && timeline.allListedMs !== undefined) run.idleMsPerSecond = await idleMainThreadMsPerSecond(page, IDLE_MS, IDLE_SPANS);
    return run;
  } finally {
    await page.close();
    await bridge.stop();
    if (profileDir) {
      progress(`${label} engine profile (${profileDir}): ${JSON.stringify(await summariseProfileDir(profileDir), null, 1)}`);
      if (pageProfile) progress(`${label} page profile: ${JSON.stringify(summariseProfile(pageProfile), null, 1)}`);
      const stale = run?.timeline.staleOnScreenMs;
      if (stale !== undefined && run) {
        // The engine's profile starts at its launch, the page's at opening it.
        const engineUntilStale = await summariseProfileDir(profileDir, { fromMs: run.launchToOpenMs, untilMs: run.launchToOpenMs + stale });
        progress(`${label} engine profile, page open → stale lists on screen: ${JSON.stringify(engineUntilStale, null, 1)}`);
        if (pageProfile) progress(`${label} page profile, open → stale lists on screen: ${JSON.stringify(summariseProfile(pageProfile, 25, { untilMs: stale }), null, 1)}`);
      }
    }
  }
}

/** The per-server spread: the first and last server to connect and to be listed, ms from opening the page. */
function spread(timeline: FleetTimeline): string {
  const of = (pick: (s: FleetTimeline['servers'][string]) => number | undefined) => {
    const xs = Object.values(timeline.servers).map(pick).filter((x): x is number => x !== undefined).sort((a, b) => a - b);
    return xs.length ? `${seconds(xs[0])}–${seconds(xs.at(-1))}` : 'none';
  };
  return `connected ${of(s => s.connectedMs)}, listed ${of(s => s.listedMs)}`;
}

const inSeconds = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);
const cpuSeconds = (cpu: LaunchRun['cpu']) => {
  if (!cpu) return 'not read';
  const chromium = cpu.chromiumMs;
  const byType = chromium ? ` (${Object.entries(chromium).map(([type, ms]) => `${type} ${inSeconds(ms)}`).join(', ')})` : '';
  const total = chromium ? Object.values(chromium).reduce((a, b) => a + b, 0) : undefined;
  return `${inSeconds(cpu.engineMs)} / ${inSeconds(cpu.serversMs)} / ${inSeconds(total)}${byType}`;
};

/** When every last known list was on screen; if never, how many of them ever were. */
function staleOnScreen(timeline: FleetTimeline): string {
  if (timeline.staleOnScreenMs !== undefined) return seconds(timeline.staleOnScreenMs);
  const servers = Object.values(timeline.servers);
  return `never (${servers.filter(s => s.staleShownMs !== undefined).length} of ${servers.length} shown)`;
}

async function runShape(size: string, browser: BareChromium): Promise<ScaleRow[]> {
  const shape = SHAPES[size];
  if (!shape) throw new Error(`servers: unknown size ${size} (known: ${Object.keys(SHAPES).join(', ')})`);
  const label = `${shape.servers} stdio servers × ${shape.resources.toLocaleString('en')}`;
  const servers = fleetConfig(shape.servers, shape.resources);
  const ids = Object.keys(servers);
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-servers-'));
  try {
    const configPath = path.join(dir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: servers }));
    progress(`${label}: raw SDK loop (untimed warm-up, then timed; then again with the era probed in place)`);
    await rawStdioFleet(servers);
    const raw = await rawStdioFleet(servers);
    const rawInPlace = await rawStdioFleet(servers, { probeInPlace: true });
    const expected = Object.values(raw.items).reduce((a, b) => a + b, 0);
    const dataDir = path.join(dir, 'data');
    progress(`${label}: app, first launch (${expected} resources expected)`);
    const cold = await launchAndFollow(browser, configPath, dataDir, ids, expected, 'cold');
    const warmFile = await stat(path.join(dataDir, 'cache', 'warm.json')).catch(() => undefined);
    progress(`${label}: app, second launch (warm file ${warmFile ? `${(warmFile.size / 1e6).toFixed(1)} MB` : 'missing'})`);
    const warm = await launchAndFollow(browser, configPath, dataDir, ids, expected, 'warm', true);
    progress(`${label}: the engine alone, no page (a third launch on the same data dir)`);
    const alone = await engineFleet(configPath, dataDir, DEADLINE_MS);
    progress(`cold: ${JSON.stringify(cold)}`);
    progress(`warm: ${JSON.stringify(warm)}`);
    progress(`engine alone: ${JSON.stringify(alone)}`);

    // The raw loop's clock starts at spawning the servers; the app's at spawning the app (page opened as soon as it can be).
    const coldListed = cold.timeline.allListedMs === undefined ? undefined : cold.timeline.allListedMs + cold.launchToOpenMs;
    const coldConnected = cold.timeline.allConnectedMs === undefined ? undefined : cold.timeline.allConnectedMs + cold.launchToOpenMs;
    const ratio = coldListed === undefined ? undefined : coldListed / raw.allListedMs;
    const w = warm.timeline;
    return [
      {
        case: `many servers, first launch: all listed (from launching; page open at ${seconds(cold.launchToOpenMs)}; ${spread(cold.timeline)})`,
        size: label,
        app: seconds(coldListed),
        baseline: seconds(raw.allListedMs),
        ...(ratio !== undefined && { ratio }),
        target: '≤ 1.1×',
        met: ratio !== undefined && ratio <= 1.1
      },
      {
        case: 'many servers, first launch: all listed, against the raw loop that probes the era in place (each server started once, as the app does)',
        size: label,
        app: seconds(coldListed),
        baseline: seconds(rawInPlace.allListedMs),
        ...(coldListed !== undefined && { ratio: coldListed / rawInPlace.allListedMs }),
        target: '—'
      },
      {
        case: 'many servers, first launch: all connected (from launching)',
        size: label,
        app: seconds(coldConnected),
        baseline: seconds(raw.allConnectedMs),
        ...(coldConnected !== undefined && { ratio: coldConnected / raw.allConnectedMs }),
        target: '—'
      },
      { case: 'many servers, second launch: last known lists on screen, marked stale (from opening the page)', size: label, app: staleOnScreen(w), baseline: '—', target: '≤ 1 s', met: w.staleOnScreenMs !== undefined && w.staleOnScreenMs <= 1_000 },
      { case: 'many servers, second launch: all connected (from opening the page)', size: label, app: seconds(w.allConnectedMs), baseline: '—', target: '≤ 8 s', met: w.allConnectedMs !== undefined && w.allConnectedMs <= 8_000 },
      { case: `many servers, second launch: all listed live (from opening the page; ${spread(w)})`, size: label, app: seconds(w.allListedMs), baseline: '—', target: '≤ 10 s', met: w.allListedMs !== undefined && w.allListedMs <= 10_000 },
      {
        case: `many servers, the same launch through the engine alone, no page: all listed, from starting it (all connected ${seconds(alone.allConnectedMs)}; median server CPU ${alone.medianServerCpuMs === undefined ? 'not read' : `${alone.medianServerCpuMs} ms`})`,
        size: label,
        app: seconds(alone.allListedMs),
        baseline: '—',
        target: '— (the floor of the two rows above)'
      },
      {
        case: 'many servers, CPU from launching to all listed: the engine, its servers, Chromium (first launch; second launch)',
        size: label,
        app: `${cpuSeconds(cold.cpu)}; ${cpuSeconds(warm.cpu)}`,
        baseline: '—',
        target: '—'
      },
      {
        case: `many servers, second launch, then ${IDLE_SPANS} × ${IDLE_MS / 1000} s of nothing: the page's main thread busy (each span in turn)`,
        size: label,
        app: warm.idleMsPerSecond === undefined ? 'not measured' : `${warm.idleMsPerSecond.map(Math.round).join(' then ')} ms per second`,
        baseline: '—',
        target: '—'
      }
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run(options: { sizes?: string[] }): Promise<ScaleRow[]> {
  await ensureBuilt();
  const browser = await BareChromium.launch();
  try {
    const rows: ScaleRow[] = [];
    for (const size of options.sizes ?? ['10k', '100k']) rows.push(...(await runShape(size, browser)));
    return rows;
  } finally {
    await browser.close();
  }
}

runIfMain(import.meta.url, run);
