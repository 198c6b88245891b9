// The cache module driven by the real SDK client against an in-process SDK server (see
// testing/fixture-server.ts): every MUST and SHOULD of the caching page that the store can enforce.
// Wire requests are counted where the fixture receives them.
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { EngineEvents } from '../../../shared/contract';
import { EventBus } from '../event-bus';
import type { ProtocolLogPort } from '../ports';
import { createCache } from './index';
import { createFixture } from './testing/fixture-server';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map(c => c.close()));
});

function setup(options: { budgetBytes?: number; shortTtlMs?: number } = {}) {
  const bus = new EventBus();
  const hits: string[] = [];
  const log: ProtocolLogPort = { tap: t => t, recordCacheHit: (serverId, method) => hits.push(`${serverId} ${method}`) };
  const cache = createCache({ bus, log: () => log, budgetBytes: options.budgetBytes });
  const fixture = createFixture({ shortTtlMs: options.shortTtlMs });
  const connect = async (serverId: string, credentialId = '', endpoint?: string, guard = true) => {
    const client = await fixture.connect(cache.port, serverId, { credentialId, endpoint, guard });
    clients.push(client);
    return client;
  };
  const read = (client: Client, serverId: string, uri: string, mode: 'use' | 'refresh' | 'bypass' = 'use') =>
    cache.port.track(serverId, 'resources/read', uri, mode, () => client.readResource({ uri }, { cacheMode: mode }));
  return { bus, cache, fixture, connect, read, hits };
}

const textOf = (r: ReadResourceResult) => (r.contents[0] as { text?: string }).text;

describe('cache with the SDK client', () => {
  it('a fresh read sends 0 requests on the wire and is reported fresh, counted and logged as a hit', async () => {
    const { fixture, connect, read, cache, hits } = setup();
    const client = await connect('s1');
    const first = await read(client, 's1', 'fixture://public-long');
    expect(first.cache).toMatchObject({ state: 'miss', scope: 'public' });
    // Expiry as the SDK stamped it (its clock reading precedes the store's by a millisecond or so).
    expect(first.cache.expiresAt! - first.cache.receivedAt).toBeGreaterThan(59_900);
    expect(first.cache.expiresAt! - first.cache.receivedAt).toBeLessThanOrEqual(60_000);
    const mark = fixture.state.requests.length;
    const second = await read(client, 's1', 'fixture://public-long');
    expect(fixture.since(mark)).toEqual([]);
    expect(second.cache).toMatchObject({ state: 'fresh', scope: 'public', receivedAt: first.cache.receivedAt });
    expect(textOf(second.value)).toBe('long');
    expect(cache.snapshot().countersByServer.s1).toEqual({ hits: 1, misses: 1, revalidations: 0, staleServed: 0 });
    expect(hits).toEqual(['s1 resources/read']);
  });

  it('after expiry, exactly one request, counted as a revalidation', async () => {
    const { fixture, connect, read, cache } = setup({ shortTtlMs: 120 });
    const client = await connect('s1');
    await read(client, 's1', 'fixture://short');
    await new Promise(r => setTimeout(r, 150));
    const mark = fixture.state.requests.length;
    const again = await read(client, 's1', 'fixture://short');
    expect(fixture.since(mark)).toEqual(['resources/read fixture://short']);
    expect(again.cache.state).toBe('miss');
    expect(cache.snapshot().countersByServer.s1.revalidations).toBe(1);
  });

  it('ttlMs 0 is immediately stale: every read goes to the server and is shown as not cached', async () => {
    const { fixture, connect, read } = setup();
    const client = await connect('s1');
    await read(client, 's1', 'fixture://zero');
    const mark = fixture.state.requests.length;
    const again = await read(client, 's1', 'fixture://zero');
    expect(fixture.since(mark)).toHaveLength(1);
    expect(again.cache.state).toBe('miss');
    expect(again.cache.expiresAt).toBeUndefined();
  });

  it('keys on method and params: another uri is never served from this one', async () => {
    const { fixture, connect, read } = setup();
    const client = await connect('s1');
    await read(client, 's1', 'fixture://public-long');
    const mark = fixture.state.requests.length;
    const other = await read(client, 's1', 'fixture://changing');
    expect(fixture.since(mark)).toEqual(['resources/read fixture://changing']);
    expect(textOf(other.value)).toMatch(/^read /);
  });

  it('refresh always goes to the server; bypass neither reads nor writes the cache', async () => {
    const { fixture, connect, read, cache } = setup();
    const client = await connect('s1');
    const first = await read(client, 's1', 'fixture://changing');
    const refreshed = await read(client, 's1', 'fixture://changing', 'refresh');
    expect(textOf(refreshed.value)).not.toBe(textOf(first.value));
    const mark = fixture.state.requests.length;
    const bypassed = await read(client, 's1', 'fixture://changing', 'bypass');
    expect(fixture.since(mark)).toHaveLength(1);
    expect(bypassed.cache.state).toBe('bypass');
    // The cached copy is still the refreshed one, not the bypassed read.
    const cached = await read(client, 's1', 'fixture://changing');
    expect(cached.cache.state).toBe('fresh');
    expect(textOf(cached.value)).toBe(textOf(refreshed.value));
    expect(cache.snapshot().entries.filter(e => e.params === 'fixture://changing')).toHaveLength(1);
  });

  it('private entries never cross two credentials; public ones are shared at the same endpoint', async () => {
    const { fixture, connect, read } = setup();
    const alice = await connect('alice', 'token-a', 'http://fixture.invalid/mcp');
    const bob = await connect('bob', 'token-b', 'http://fixture.invalid/mcp');
    await read(alice, 'alice', 'fixture://private');
    await read(alice, 'alice', 'fixture://public-long');
    const mark = fixture.state.requests.length;
    const bobPrivate = await read(bob, 'bob', 'fixture://private');
    const bobPublic = await read(bob, 'bob', 'fixture://public-long');
    expect(fixture.since(mark)).toEqual(['resources/read fixture://private']);
    expect(bobPrivate.cache).toMatchObject({ state: 'miss', scope: 'private' });
    expect(bobPublic.cache).toMatchObject({ state: 'fresh', scope: 'public' });
  });

  it('a new credential on the same server does not see the old private entries', async () => {
    const { fixture, connect, read } = setup();
    const before = await connect('s1', 'old-token');
    await read(before, 's1', 'fixture://private');
    const after = await connect('s1', 'new-token');
    const mark = fixture.state.requests.length;
    expect((await read(after, 's1', 'fixture://private')).cache.state).toBe('miss');
    expect(fixture.since(mark)).toHaveLength(1);
  });

  it('servers reporting the same name@version at different endpoints share nothing', async () => {
    const { fixture, connect, read } = setup();
    const one = await connect('one');
    const two = await connect('two');
    await read(one, 'one', 'fixture://public-long');
    const mark = fixture.state.requests.length;
    expect((await read(two, 'two', 'fixture://public-long')).cache.state).toBe('miss');
    expect(fixture.since(mark)).toHaveLength(1);
  });

  it('MRTR retries are never cached (the SDK alone would cache them)', async () => {
    const { fixture, connect, read, cache } = setup();
    const guarded = await connect('guarded');
    const first = await read(guarded, 'guarded', 'fixture://vault');
    expect(textOf(first.value)).toMatch(/^unlocked/);
    expect(first.cache.state).toBe('miss');
    expect(first.cache.expiresAt).toBeUndefined();
    const mark = fixture.state.requests.length;
    const second = await read(guarded, 'guarded', 'fixture://vault');
    // Both rounds again: the first request, then the retry with inputResponses.
    expect(fixture.since(mark)).toEqual(['resources/read fixture://vault', 'resources/read fixture://vault']);
    expect(second.cache.state).toBe('miss');
    expect(cache.snapshot().entries.some(e => e.params === 'fixture://vault')).toBe(false);

    // Control: without the transport guard the SDK stores the retry's result.
    const unguarded = await connect('unguarded', '', undefined, false);
    await read(unguarded, 'unguarded', 'fixture://vault');
    expect(cache.snapshot().entries.some(e => e.serverId === 'unguarded' && e.params === 'fixture://vault')).toBe(true);
  });

  it('stale-if-error: a failed refetch serves the stale entry, marked stale with the error', async () => {
    const { fixture, connect, read, cache } = setup({ shortTtlMs: 100 });
    const client = await connect('s1');
    const first = await read(client, 's1', 'fixture://short');
    await new Promise(r => setTimeout(r, 130));
    fixture.state.down = true;
    const stale = await read(client, 's1', 'fixture://short');
    expect(stale.cache.state).toBe('stale');
    expect(stale.cache.error?.code).toBe('transport');
    expect(stale.cache.receivedAt).toBe(first.cache.receivedAt);
    expect(textOf(stale.value)).toBe(textOf(first.value));
    expect(cache.snapshot().countersByServer.s1.staleServed).toBe(1);
  });

  it('an answer from the server (not found) is never masked by a stale copy', async () => {
    const { connect, cache } = setup();
    const client = await connect('s1');
    await expect(cache.port.track('s1', 'resources/read', 'fixture://missing', 'use', () => client.readResource({ uri: 'fixture://missing' }))).rejects.toThrow();
  });

  it('notifications/resources/updated drops that uri in every partition, list_changed drops the list', async () => {
    const { fixture, connect, read, cache } = setup();
    const alice = await connect('alice', 'a', 'http://fixture.invalid/mcp');
    await read(alice, 'alice', 'fixture://changing');
    await read(alice, 'alice', 'fixture://private');
    await cache.port.track('alice', 'resources/list', '', 'use', () => alice.listResources());
    expect(cache.snapshot().entries.map(e => e.method).sort()).toEqual(['resources/list', 'resources/read', 'resources/read']);
    const sub = await alice.listen({ resourceSubscriptions: ['fixture://changing', 'fixture://private'], resourcesListChanged: true });
    fixture.handler.notify.resourceUpdated('fixture://changing');
    await expect.poll(() => cache.snapshot().entries.some(e => e.params === 'fixture://changing')).toBe(false);
    expect(cache.snapshot().entries.some(e => e.params === 'fixture://private')).toBe(true);
    fixture.handler.notify.resourcesChanged();
    await expect.poll(() => cache.snapshot().entries.some(e => e.method === 'resources/list')).toBe(false);
    await sub.close();
    const mark = fixture.state.requests.length;
    await read(alice, 'alice', 'fixture://changing');
    expect(fixture.since(mark)).toEqual(['resources/read fixture://changing']);
  });

  it('the byte budget holds under a picker session: least recently used reads are evicted', async () => {
    const { connect, read, cache } = setup({ budgetBytes: 150 * 1024 });
    const client = await connect('s1');
    await read(client, 's1', 'fixture://public-long');
    await read(client, 's1', 'fixture://big');
    await read(client, 's1', 'fixture://public-long'); // recently used again
    for (let i = 0; i < 3; i++) await read(client, 's1', 'fixture://big', 'refresh');
    const snap = cache.snapshot();
    expect(snap.totalBytes).toBeLessThanOrEqual(snap.budgetBytes);
    expect(snap.entries.map(e => e.params)).toContain('fixture://public-long');
  });

  it('emits coalesced cacheChanged events and one cacheServed per call', async () => {
    const { bus, connect, read } = setup();
    const changed: EngineEvents['cacheChanged'][] = [];
    const served: EngineEvents['cacheServed'][] = [];
    bus.on('cacheChanged', e => changed.push(e));
    bus.on('cacheServed', e => served.push(e));
    const client = await connect('s1');
    for (const uri of ['fixture://public-long', 'fixture://private', 'fixture://changing']) await read(client, 's1', uri);
    await expect.poll(() => changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(3);
    expect(changed.every(e => e.serverId === 's1')).toBe(true);
    expect(served.map(s => s.params)).toEqual(['fixture://public-long', 'fixture://private', 'fixture://changing']);
  });
});
