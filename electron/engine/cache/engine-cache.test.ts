// End to end through the engine: the cache module as wired in engine.ts, a server reached over real
// HTTP (the in-process fixture server mounted on a loopback port), contract calls through the engine
// host. Requests are counted where the server receives them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { CacheSnapshot, ListResult, ReadResult, ResourceItem, ServerState } from '../../../shared/contract';
import { createEngine, type Engine } from '../engine';
import { createFixture } from './testing/fixture-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start() {
  const fixture = createFixture();
  const http: Server = createServer(toNodeHandler({ fetch: fixture.serve }));
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise(resolve => http.close(resolve)));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const dir = await mkdtemp(path.join(tmpdir(), 'engine-cache-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const configPath = path.join(dir, 'config.json');
  await writeFile(configPath, JSON.stringify({ mcpServers: { fx: { type: 'http', url } } }));
  const engine: Engine = await createEngine({ configPath, dataDir: path.join(dir, 'data') });
  cleanups.push(() => engine.close());
  const call = <T>(method: string, params: unknown) => engine.host.dispatch(method, params) as Promise<T>;
  await expect.poll(async () => (await call<ServerState[]>('servers.list', {})).find(s => s.id === 'fx')?.status, { timeout: 15_000 }).toBe('connected');
  return { fixture, call };
}

describe('cache through the engine', () => {
  it('a revisited resource and a relisted list send nothing on the wire; the panel sees them', async () => {
    const { fixture, call } = await start();
    const first = await call<ReadResult>('resources.read', { serverId: 'fx', uri: 'fixture://public-long' });
    expect(first.cache.state).toBe('miss');
    const listed = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'fx' });
    expect(listed.items.map(i => i.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const mark = fixture.state.requests.length;
    const again = await call<ReadResult>('resources.read', { serverId: 'fx', uri: 'fixture://public-long' });
    const relisted = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'fx' });
    expect(fixture.since(mark)).toEqual([]);
    expect(again.cache).toMatchObject({ state: 'fresh', scope: 'public', receivedAt: first.cache.receivedAt });
    expect(relisted.cache.state).toBe('fresh');
    expect(relisted.items).toEqual(listed.items);

    const refreshed = await call<ReadResult>('resources.read', { serverId: 'fx', uri: 'fixture://public-long', cacheMode: 'refresh' });
    expect(refreshed.cache.state).toBe('miss');
    expect(fixture.since(mark)).toEqual(['resources/read fixture://public-long']);

    const snapshot = await call<CacheSnapshot>('cache.snapshot', {});
    expect(snapshot.entries.map(e => `${e.method} ${e.params}`).sort()).toEqual([
      'resources/list ',
      'resources/list page-1',
      'resources/list page-2',
      'resources/read fixture://public-long'
    ]);
    expect(snapshot.countersByServer.fx).toMatchObject({ hits: 4, misses: 4, revalidations: 1 });
  });
});
