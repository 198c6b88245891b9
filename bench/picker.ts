// Picker benchmark (`npx tsx bench/picker.ts [--resources N] [--page-size N]`): the bundled reference
// server over HTTP with 100,000 resources, and in the same run:
//   - listing: the raw SDK cursor loop vs the engine's resources.list as the picker calls it (from Node over
//     the browser-mode socket, streamed, empty cache, code warmed like the raw loop's) vs the picker in Chromium (from its list request to
//     every item loaded and shown, and from opening the page), rounds interleaved, medians;
//   - search: keystroke-to-results p50/p95 of the picker's search vs a linear substring filter, in Node,
//     and in the page (keystroke to results committed, and to the frame after);
//   - DOM rows and renderer JS heap with the list loaded vs rendering every item unvirtualized.
// Targets: search p95 <= 16 ms, <= 300 DOM rows, listing <= 1.3x the raw SDK loop. Prints JSON.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { unpackResourceItems, type ResourceItem } from '../shared/contract';
import type { SocketEngineClient } from '../renderer/api/socket-carrier';
import { connectedEngine } from './engine-socket';
import { type BridgeProcess, launchBridge } from '../e2e/fixtures/bridge-process';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { ensureRendererBuilt } from '../scripts/ensure-built.mjs';
import { type AppFigures, launchChromium, measureApp, measureUnvirtualized } from './picker-browser';
import { benchSearch } from './picker-search';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

const RESOURCES = flag('--resources', 100_000);
const PAGE_SIZE = flag('--page-size', 500);
const ROUNDS = 5;
/** `--listing-only`: just the listing figures (raw loop, engine, picker page), for quick comparisons. */
const LISTING_ONLY = process.argv.includes('--listing-only');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The naive baseline: one SDK client walking the cursor, nothing else. Returns ms and the items. */
async function rawSdkLoop(url: string): Promise<{ ms: number; items: ResourceItem[] }> {
  const client = new Client({ name: 'picker-bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const started = performance.now();
    const items: ResourceItem[] = [];
    let cursor: string | undefined;
    do {
      const page = (await client.request({ method: 'resources/list', params: cursor ? { cursor } : {} })) as {
        resources: Omit<ResourceItem, 'serverId'>[];
        nextCursor?: string;
      };
      for (const r of page.resources) items.push({ ...r, serverId: 'ref' });
      cursor = page.nextCursor;
    } while (cursor);
    return { ms: performance.now() - started, items };
  } finally {
    await client.close();
  }
}

/** Lists everything as the picker does (streamed, cache in use) and returns ms, checking every item arrived. */
async function streamedList(engine: SocketEngineClient, expected: number, requestId: string): Promise<number> {
  let received = 0;
  const off = engine.on('listProgress', progress => {
    if (progress.requestId === requestId) received += unpackResourceItems('ref', progress.items).length;
  });
  try {
    const started = performance.now();
    const result = await engine.call('resources.list', { serverId: 'ref', requestId, streamOnly: true });
    const ms = performance.now() - started;
    if (result.streamed !== expected || received !== expected) throw new Error(`engine streamed ${result.streamed} (received ${received}), SDK ${expected}`);
    return ms;
  } finally {
    off();
  }
}

/**
 * An app whose engine has listed once (untimed) and then emptied its cache: its code is as warm as the raw
 * loop's (which runs in this process after an untimed first listing), and every timed page still goes to
 * the server.
 */
async function warmApp(configPath: string, dataDir: string, expected: number): Promise<{ bridge: BridgeProcess; engine: SocketEngineClient }> {
  const bridge = await launchBridge({ configPath, dataDir: await mkdtemp(path.join(dataDir, 'app-')) });
  try {
    const engine = await connectedEngine(bridge, 'ref');
    await streamedList(engine, expected, 'warm-up');
    await engine.call('cache.clear', {});
    return { bridge, engine };
  } catch (err) {
    await bridge.stop();
    throw err;
  }
}

function listingTargets(listing: { engineVsRaw: number; pickerVsRaw: number }) {
  return { listingEngine: listing.engineVsRaw <= 1.3 ? 'met' : 'missed', listingPicker: listing.pickerVsRaw <= 1.3 ? 'met' : 'missed' };
}

async function main(): Promise<void> {
  ensureRendererBuilt();
  // A steady list (no resource coming and going every second): a list_changed makes the picker relist
  // after a pause, which would time a second listing, and the raw loop has no such thing.
  const server = await HttpReferenceServer.start(['--resources', String(RESOURCES), '--page-size', String(PAGE_SIZE), '--update-interval-ms', '3600000']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'picker-bench-'));
  const browser = await launchChromium();
  try {
    const configPath = path.join(dataDir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: { ref: { type: 'http', url: server.url } } }));

    // Not timed: the server computes each item's size on its first listing.
    const { items } = await rawSdkLoop(server.url);
    // Rounds interleave the three measures, so a change in the machine's load hits them alike.
    const raw: number[] = [];
    const engineMs: number[] = [];
    const pageMs: number[] = [];
    const openMs: number[] = [];
    let app: AppFigures | undefined;
    const engineApp = await warmApp(configPath, dataDir, items.length);
    try {
      for (let r = 0; r < ROUNDS; r++) {
        raw.push((await rawSdkLoop(server.url)).ms);
        await engineApp.engine.call('cache.clear', {});
        engineMs.push(await streamedList(engineApp.engine, items.length, `round-${r}`));
        // The picker on its own app (the engine app's socket client would double the event work).
        const pageApp = await warmApp(configPath, dataDir, items.length);
        pageApp.engine.close();
        try {
          const figures = await measureApp(browser, pageApp.bridge.url, items.length, LISTING_ONLY || app !== undefined);
          pageMs.push(figures.listMs);
          openMs.push(figures.openToListedMs);
          app ??= figures;
        } finally {
          await pageApp.bridge.stop();
        }
      }
    } finally {
      engineApp.engine.close();
      await engineApp.bridge.stop();
    }
    if (!app) throw new Error('no picker rounds ran');
    const listing = {
      rawSdkLoopMs: Math.round(median(raw)),
      engineResourcesListMs: Math.round(median(engineMs)),
      pickerListRequestToAllLoadedMs: Math.round(median(pageMs)),
      pickerPageOpenToAllLoadedMs: median(openMs),
      engineVsRaw: +(median(engineMs) / median(raw)).toFixed(2),
      pickerVsRaw: +(median(pageMs) / median(raw)).toFixed(2),
      pickerWithBootVsRaw: +(median(openMs) / median(raw)).toFixed(2),
      rounds: { rawSdkLoopMs: raw.map(Math.round), engineMs: engineMs.map(Math.round), pickerMs: pageMs.map(Math.round), pickerWithBootMs: openMs }
    };
    if (LISTING_ONLY) {
      console.log(JSON.stringify({ resources: items.length, pageSize: PAGE_SIZE, listing, targets: listingTargets(listing) }, null, 2));
      return;
    }
    const search = benchSearch(items);
    const unvirtualized = await measureUnvirtualized(browser, items);
    const figures = {
      resources: items.length,
      pageSize: PAGE_SIZE,
      listing,
      searchNode: { picker: search.ours, linearSubstringBaseline: search.baseline },
      searchInPage: app.keystroke,
      dom: { pickerRows: app.domRows, pickerNodes: app.domNodes, unvirtualizedRows: unvirtualized.domRows, unvirtualizedRenderMs: Math.round(unvirtualized.renderMs) },
      heapMb: { picker: +app.heapMb.toFixed(1), unvirtualized: +unvirtualized.heapMb.toFixed(1) },
      targets: {
        searchP95: search.ours.p95Ms <= 16 ? 'met' : 'missed',
        domRows: app.domRows <= 300 ? 'met' : 'missed',
        ...listingTargets(listing)
      }
    };
    console.log(JSON.stringify(figures, (_, v) => (typeof v === 'number' && !Number.isInteger(v) ? +v.toFixed(2) : v), 2));
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch(err => {
  console.error(err);
  process.exit(1);
});
