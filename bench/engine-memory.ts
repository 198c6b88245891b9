// What browser mode's engine holds after listing (`npx tsx bench/engine-memory.ts [--size 1M] [--modes engine,page]
// [--snapshot] [--depth 6] [--min-mb 2] [--baseline <checkout>] [--engine-args "<flags>"]`): the reference server over HTTP at 500 per page,
// listed once per mode by a fresh browser-mode process, either by a Node socket client (`engine`: the engine alone)
// or by the picker in Chromium (`page`: as bench/scale.ts's memory case measures it). Prints the process's RSS
// and peak RSS; `--snapshot` also takes a heap snapshot of it after the listing and prints its dominator tree
// (what holds the live heap). The process runs under --inspect, through which its memory is read by kind
// (V8 heap spaces, external) before and after a forced GC. `--baseline` runs another checkout's browser mode in the same sitting (A/B).
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launchBridge } from '../e2e/fixtures/bridge-process';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { connectedEngine } from './engine-socket';
import { rawSdkLoop, streamedList } from './picker-app';
import { launchChromium, waitForListed } from './picker-browser';
import { dominatorTree, formatTree } from './scale/heap-snapshot';
import { residentMemory } from './scale/picker-figures';
import { formatMemory, inspectorUrl, nodeMemory } from './scale/node-inspector';
import { runBench } from './run-bench';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}
const SIZE = Number(argument('--size', '1M').replace(/k$/i, '000').replace(/M$/i, '000000'));
const MODES = argument('--modes', 'engine,page').split(',') as ('engine' | 'page')[];
const SNAPSHOT = process.argv.includes('--snapshot');
const DEPTH = Number(argument('--depth', '6'));
const MIN_MB = Number(argument('--min-mb', '2'));
const BASELINE = process.argv.includes('--baseline') ? argument('--baseline', '') : undefined;
/** `--engine-args "<node flags>"`: extra Node/V8 flags for this checkout's runs only (e.g. a GC setting against the same build without it: `--baseline .`). */
const ENGINE_ARGS = argument('--engine-args', '').split(' ').filter(Boolean);

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Signals the process to write a heap snapshot into `dir` and waits until the file stops growing. */
async function heapSnapshot(pid: number, dir: string): Promise<string> {
  process.kill(pid, 'SIGUSR2');
  let last = -1;
  for (;;) {
    await new Promise(r => setTimeout(r, 1000));
    const file = (await readdir(dir)).find(f => f.endsWith('.heapsnapshot'));
    if (!file) continue;
    const size = (await stat(path.join(dir, file))).size;
    if (size === last && size > 0) return path.join(dir, file);
    last = size;
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  const server = await HttpReferenceServer.start(['--resources', String(SIZE), '--page-size', '500', '--update-interval-ms', '3600000']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'engine-memory-'));
  const browser = MODES.includes('page') ? await launchChromium() : undefined;
  try {
    const configPath = path.join(dataDir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: { ref: { type: 'http', url: server.url } } }));
    // Not measured: the server computes each item's size on its first listing.
    const expected = (await rawSdkLoop(server.url)).items.length;
    const builds: [string, string | undefined][] = [['this checkout', undefined], ...(BASELINE ? [[`baseline ${BASELINE}`, path.join(BASELINE, 'dist/node/bridge.mjs')] as [string, string]] : [])];
    for (const mode of MODES) {
      for (const [name, bundle] of builds) {
        const snapshots = await mkdtemp(path.join(dataDir, 'snap-'));
        const bridge = await launchBridge({
          configPath,
          dataDir: await mkdtemp(path.join(dataDir, 'app-')),
          bundle,
          nodeArgs: ['--inspect=127.0.0.1:0', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshots}`, ...(bundle ? [] : ENGINE_ARGS)]
        });
        try {
          const pid = bridge.child.pid as number;
          const engine = await connectedEngine(bridge, 'ref');
          const started = performance.now();
          if (mode === 'engine') await streamedList(engine, expected, 'memory');
          else {
            engine.close();
            const page = await (browser as NonNullable<typeof browser>).newPage({ viewport: { width: 1280, height: 800 } });
            await page.goto(bridge.url);
            await waitForListed(page, expected);
          }
          const listedMs = performance.now() - started;
          await new Promise(r => setTimeout(r, 500));
          const memory = await residentMemory(pid);
          console.log(`${name}, ${mode}: ${expected} listed in ${(listedMs / 1000).toFixed(1)} s; RSS ${mb(memory.rss)} (peak ${mb(memory.peak)}); load ${loadavg().map(l => l.toFixed(2)).join(' ')}`);
          const inside = await nodeMemory(inspectorUrl(bridge.stderr()));
          console.log(`  before GC: ${formatMemory(inside.before)}\n  after GC:  ${formatMemory(inside.afterGc)}`);
          // After the protocol log's quiet second, in which it turns large frames into text.
          if (SNAPSHOT) await new Promise(r => setTimeout(r, 1500));
          if (SNAPSHOT) console.log(formatTree(dominatorTree(await heapSnapshot(pid, snapshots), MIN_MB * 2 ** 20, DEPTH)));
          if (mode === 'engine') engine.close();
        } finally {
          await bridge.stop();
          await rm(snapshots, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
