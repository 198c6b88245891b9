// The listing halves of the picker benchmarks (bench/picker.ts, bench/scale.ts): the raw SDK cursor loop
// they are measured against, and browser mode's engine, warmed up and driven from Node over its socket.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { unpackResourceItems, type ResourceItem } from '../shared/contract';
import type { SocketEngineClient } from '../renderer/api/socket-carrier';
import { connectedEngine } from './engine-socket';
import { type BridgeProcess, launchBridge } from '../e2e/fixtures/bridge-process';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

/** The naive baseline: one SDK client walking the cursor, nothing else. Returns ms and the items. */
export async function rawSdkLoop(url: string): Promise<{ ms: number; items: ResourceItem[] }> {
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
export async function streamedList(engine: SocketEngineClient, expected: number, requestId: string): Promise<number> {
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
 * the server. `listFirst: false` skips that listing where the timed one is long enough to warm the code in
 * its first pages (a million items: two thousand pages). `nodeArgs` go to the app's Node (e.g. `--cpu-prof`);
 * `bundle` runs another checkout's browser mode (its dist/node/bridge.mjs) instead of this one's.
 */
export async function warmApp(
  configPath: string,
  dataDir: string,
  expected: number,
  options: { listFirst?: boolean; nodeArgs?: string[]; bundle?: string } = {}
): Promise<{ bridge: BridgeProcess; engine: SocketEngineClient }> {
  const bridge = await launchBridge({ configPath, dataDir: await mkdtemp(path.join(dataDir, 'app-')), nodeArgs: options.nodeArgs, bundle: options.bundle });
  try {
    const engine = await connectedEngine(bridge, 'ref', 30_000);
    if (options.listFirst !== false) {
      await streamedList(engine, expected, 'warm-up');
      await engine.call('cache.clear', {});
    }
    return { bridge, engine };
  } catch (err) {
    await bridge.stop();
    throw err;
  }
}

export interface SteadyBench<B> {
  server: HttpReferenceServer;
  browser: B;
  dataDir: string;
  /** A config naming the server `ref`. */
  configPath: string;
}

/**
 * Runs `measure` beside one HTTP reference server of `resources` items at `pageSize` a page and the Chromium
 * `launch` starts (bare-chromium.ts's to time listings, Playwright's where a bench uses its API), then tears
 * both down. The list is steady (no resource coming and going every second): a list_changed would make the
 * picker list again, timing a second listing, and the raw loop has no such thing.
 */
export async function withSteadyBench<B extends { close(): Promise<void> }, T>(
  resources: number,
  pageSize: number,
  tempPrefix: string,
  launch: () => Promise<B>,
  measure: (bench: SteadyBench<B>) => Promise<T>
): Promise<T> {
  await ensureBuilt();
  const server = await HttpReferenceServer.start(['--resources', String(resources), '--page-size', String(pageSize), '--update-interval-ms', '3600000']);
  const dataDir = await mkdtemp(path.join(tmpdir(), tempPrefix));
  const browser = await launch();
  try {
    const configPath = path.join(dataDir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: { ref: { type: 'http', url: server.url } } }));
    return await measure({ server, browser, dataDir, configPath });
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
