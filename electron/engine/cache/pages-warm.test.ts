// Page caching for lists the engine walks itself, 2025 servers without hints, the inspection handlers and
// warm start. Same in-process SDK server as cache-sdk.test.ts; wire requests counted where it receives them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../event-bus';
import { type CacheOptions, createCache } from './index';
import { createFixture } from './testing/fixture-server';
import { combineCacheInfo } from '../templates/template-handlers';
import type { CacheInfo } from '../../../shared/contract';

const clients: Client[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map(c => c.close()));
  await Promise.all(dirs.splice(0).map(d => rm(d, { recursive: true, force: true })));
});

function setup(options: Partial<CacheOptions> = {}) {
  const cache = createCache({ bus: new EventBus(), ...options });
  const fixture = createFixture();
  const connect = async (serverId: string, legacy = false) => {
    const client = await fixture.connect(cache.port, serverId, { legacy });
    clients.push(client);
    return client;
  };
  /** The way the engine lists: it walks the cursor, each page through `page()`, and combines the badges. */
  const walk = async (client: Client, serverId: string, mode: 'use' | 'refresh' | 'bypass' = 'use') => {
    const names: string[] = [];
    const infos: CacheInfo[] = [];
    let cursor: string | undefined;
    do {
      const { value, cache: info } = await cache.port.page(serverId, 'resources/list', cursor, mode, () =>
        client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } })
      );
      infos.push(info);
      names.push(...value.resources.map(r => r.name));
      cursor = value.nextCursor;
    } while (cursor !== undefined);
    return { value: names, cache: combineCacheInfo(infos) };
  };
  return { cache, fixture, connect, walk };
}

describe('pages of lists walked by the engine', () => {
  it('caches each page with its own TTL: a revisit sends nothing, an expired page is refetched by its cursor alone', async () => {
    const { fixture, connect, walk, cache } = setup();
    const client = await connect('s1');
    const first = await walk(client, 's1');
    expect(first.value).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(first.cache).toMatchObject({ state: 'miss', scope: 'public' });
    let mark = fixture.state.requests.length;
    const second = await walk(client, 's1');
    expect(fixture.since(mark)).toEqual([]);
    expect(second.value).toEqual(first.value);
    // Fresh until the shortest-lived page (150 ms) expires.
    expect(second.cache.state).toBe('fresh');
    expect(second.cache.expiresAt! - second.cache.receivedAt).toBeLessThan(1_000);
    await new Promise(r => setTimeout(r, 180));
    mark = fixture.state.requests.length;
    const third = await walk(client, 's1');
    expect(fixture.since(mark)).toEqual(['resources/list']);
    expect(third.cache.state).toBe('miss');
    expect(cache.snapshot().countersByServer.s1).toMatchObject({ hits: 5, misses: 3, revalidations: 1 });
  });

  it('a cursor the server rejects drops every cached page of the list; the error reaches the caller', async () => {
    const { connect, walk, cache } = setup();
    const client = await connect('s1');
    await walk(client, 's1');
    expect(cache.snapshot().entries.filter(e => e.method === 'resources/list')).toHaveLength(3);
    await expect(
      cache.port.page('s1', 'resources/list', 'page-99', 'use', () => client.request({ method: 'resources/list', params: { cursor: 'page-99' } }))
    ).rejects.toMatchObject({ code: -32602 });
    expect(cache.snapshot().entries.filter(e => e.method === 'resources/list')).toHaveLength(0);
  });

  it('treats a negative or absent ttlMs as 0: not stored', async () => {
    const { cache } = setup();
    cache.port.storeFor('s1');
    const negative = await cache.port.page('s1', 'tools/list', undefined, 'use', async () => ({ tools: [], ttlMs: -5, cacheScope: 'public' }));
    const absent = await cache.port.page('s1', 'prompts/list', undefined, 'use', async () => ({ prompts: [] }));
    expect(negative.cache.expiresAt).toBeUndefined();
    expect(absent.cache.expiresAt).toBeUndefined();
    expect(cache.snapshot().entries).toHaveLength(0);
  });

  it('never caches an interim input_required result', async () => {
    const { cache } = setup();
    const interim = await cache.port.page('s1', 'resources/list', undefined, 'use', async () => ({ resultType: 'input_required', inputRequests: {}, ttlMs: 60_000 }));
    expect(interim.cache.state).toBe('miss');
    expect(cache.snapshot().entries).toHaveLength(0);
  });
});

describe('2025 servers (no cache hints)', () => {
  it('are not cached by default', async () => {
    const { fixture, connect, cache } = setup();
    const client = await connect('old', true);
    expect(client.getProtocolEra()).toBe('legacy');
    const read = () => cache.port.track('old', 'resources/read', 'fixture://public-long', 'use', () => client.readResource({ uri: 'fixture://public-long' }));
    await read();
    const mark = fixture.state.requests.length;
    expect((await read()).cache.state).toBe('miss');
    expect(fixture.since(mark)).toHaveLength(1);
  });

  it('are cached for the configured default TTL', async () => {
    const { fixture, connect, cache } = setup({ defaultTtlMs: 30_000 });
    const client = await connect('old', true);
    const read = () => cache.port.track('old', 'resources/read', 'fixture://public-long', 'use', () => client.readResource({ uri: 'fixture://public-long' }));
    await read();
    const mark = fixture.state.requests.length;
    const again = await read();
    expect(again.cache).toMatchObject({ state: 'fresh', scope: 'private' });
    // The SDK stamps expiry with its own clock reading, a millisecond or so before the store's.
    expect(again.cache.ttlMs).toBeGreaterThan(29_900);
    expect(fixture.since(mark)).toHaveLength(0);
  });
});

describe('inspection and warm start', () => {
  it('cache.snapshot lists entries; cache.evict drops one, cache.clear all', async () => {
    const { connect, cache } = setup();
    const client = await connect('s1');
    for (const uri of ['fixture://public-long', 'fixture://private']) await cache.port.track('s1', 'resources/read', uri, 'use', () => client.readResource({ uri }));
    const snap = await cache.handlers['cache.snapshot']({});
    expect(snap.entries.map(e => [e.method, e.params, e.scope, e.serverId, e.state])).toEqual([
      ['resources/read', 'fixture://private', 'private', 's1', 'fresh'],
      ['resources/read', 'fixture://public-long', 'public', 's1', 'fresh']
    ]);
    expect(snap.entries[0].size).toBeGreaterThan(0);
    expect(await cache.handlers['cache.evict']({ key: snap.entries[0].key })).toEqual({ evicted: true });
    expect(await cache.handlers['cache.evict']({ key: snap.entries[0].key })).toEqual({ evicted: false });
    expect(await cache.handlers['cache.clear']({})).toEqual({ cleared: 1 });
    expect((await cache.handlers['cache.snapshot']({})).entries).toEqual([]);
  });

  it('persists public list entries only, and restores them stale for revalidation', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cache-warm-'));
    dirs.push(dataDir);
    const first = setup({ dataDir });
    const client = await first.connect('s1');
    await first.walk(client, 's1');
    await first.cache.port.track('s1', 'resources/read', 'fixture://private', 'use', () => client.readResource({ uri: 'fixture://private' }));
    await first.cache.port.track('s1', 'resources/list', '', 'use', () => client.listResources());
    await first.cache.close();
    const file = await readFile(path.join(dataDir, 'cache', 'warm.json'), 'utf8');
    expect(file).not.toContain('fixture://private');
    expect(file).not.toContain('mine');

    const second = setup({ dataDir });
    expect(await second.cache.loadWarm()).toBe(4); // three pages and the SDK's aggregate
    expect(second.cache.snapshot().entries.every(e => e.state === 'stale' && e.method === 'resources/list')).toBe(true);
    const again = await second.connect('s1');
    const mark = second.fixture.state.requests.length;
    const listed = await second.cache.port.track('s1', 'resources/list', '', 'use', () => again.listResources());
    expect(listed.cache.state).toBe('miss');
    expect(second.fixture.since(mark)).toHaveLength(3);
    expect(second.cache.snapshot().countersByServer.s1.revalidations).toBe(1);
  });

  it('ignores a corrupt warm-start file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cache-warm-'));
    dirs.push(dataDir);
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'cache'));
    await writeFile(path.join(dataDir, 'cache', 'warm.json'), '{"version":1,"entries":[{"key":1}, "junk"]');
    const { cache } = setup({ dataDir });
    expect(await cache.loadWarm()).toBe(0);
  });
});
