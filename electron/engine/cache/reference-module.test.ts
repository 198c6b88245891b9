// The cache module with options the engine does not expose (a small byte budget, a default TTL for 2025
// servers) and its inspection handlers and events, driven by real SDK clients connected the way the
// engine connects them (testing/reference-client.ts), to one real reference server over real HTTP (both eras
// on one endpoint). Requests are counted where the client transport sends them (the protocol log's tap), and
// by the server's own read counter.
import type { Client, ReadResourceResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvents } from '../../../shared/contract';
import { cleanup } from '../../../test-support/engine/engine-harness';
import { HttpReferenceServer } from '../../../test-support/reference-server/http-server';
import { EventBus } from '../event-bus';
import { createCache, type CacheModule, type CacheOptions } from './index';
import { listPageSchema } from '../resources/list-page-schema';
import { connectReference } from '../../../test-support/cache/reference-client';

const EVERY_READ = 'ref://cache/every-read';
const PUBLIC_LONG = 'ref://cache/public-long';
const PRIVATE_SHORT = 'ref://cache/private-short';
const LARGE = 'ref://samples/large.bin'; // a little over 5 MiB, public, 1 h
const FROZEN = ['--update-interval-ms', '86400000'];

let serverUrl = '';
beforeAll(async () => {
  serverUrl = (await HttpReferenceServer.start(FROZEN)).url;
});
afterAll(cleanup);
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map(c => c.close()));
});

async function connect(cache: CacheModule, serverId: string, era: 'modern' | 'legacy' = 'modern') {
  const connected = await connectReference(cache, serverId, serverUrl, era);
  clients.push(connected.client);
  return connected;
}

function setup(options: Partial<CacheOptions> = {}) {
  const bus = new EventBus();
  return { bus, cache: createCache({ bus, ...options }) };
}

const textOf = (r: ReadResourceResult) => (r.contents[0] as { text?: string }).text ?? '';

describe('cache module options against the reference server (HTTP)', () => {
  it('holds its byte budget: a 5 MiB blob counts by its size and evicts the least recently used entries', async () => {
    // Entry sizes first, measured with an ample budget, so the budget below fits the blob and one small entry.
    const probe = setup();
    const measuring = await connect(probe.cache, 'ref');
    for (const uri of [PUBLIC_LONG, EVERY_READ, PRIVATE_SHORT, LARGE]) await measuring.read(uri);
    const size = (uri: string) => probe.cache.snapshot().entries.find(e => e.params === uri)!.size;
    expect(size(LARGE)).toBeGreaterThan(Math.ceil((5 * 1024 * 1024) / 3) * 4); // counted by its (base64) size
    const budgetBytes = size(LARGE) + size(PUBLIC_LONG) + Math.floor(Math.min(size(EVERY_READ), size(PRIVATE_SHORT)) / 2);

    const { cache } = setup({ budgetBytes });
    const { read } = await connect(cache, 'ref');
    await read(PUBLIC_LONG);
    await read(EVERY_READ);
    await read(PRIVATE_SHORT);
    expect((await read(PUBLIC_LONG)).cache.state).toBe('fresh'); // now the most recently used small entry
    await read(LARGE);
    const snap = cache.snapshot();
    expect(snap.totalBytes).toBeLessThanOrEqual(budgetBytes);
    expect(snap.entries.map(e => e.params)).toEqual([LARGE, PUBLIC_LONG]);
  });

  it('keeps whole lists when listings side by side outgrow the budget, never a list without its first pages', async () => {
    const schema = listPageSchema('resources');
    // One page per request, as the engine's list walk asks (list-walk.ts), every walk a page further per round.
    const walkSideBySide = async (cache: CacheModule, ids: string[]) => {
      const walks = await Promise.all(ids.map(async id => ({ id, client: (await connect(cache, id)).client, cursor: undefined as string | undefined, done: false })));
      while (walks.some(w => !w.done)) {
        await Promise.all(
          walks
            .filter(w => !w.done)
            .map(async w => {
              const { cursor } = w;
              const fetch = () => w.client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } }, schema);
              const { value } = await cache.port.page(w.id, 'resources/list', cursor, 'use', fetch);
              w.cursor = typeof value.nextCursor === 'string' ? value.nextCursor : undefined;
              w.done = w.cursor === undefined;
            })
        );
      }
    };
    const probe = setup();
    await walkSideBySide(probe.cache, ['probe']);
    const pages = probe.cache.snapshot().entries.length;
    expect(pages).toBeGreaterThan(3);
    const ids = ['s0', 's1', 's2', 's3', 's4', 's5'];
    const budgetBytes = Math.floor(probe.cache.snapshot().totalBytes * 2.5);
    const { cache } = setup({ budgetBytes });
    await walkSideBySide(cache, ids);
    const snap = cache.snapshot();
    expect(snap.totalBytes).toBeLessThanOrEqual(budgetBytes);
    const pagesHeld = ids.map(id => snap.entries.filter(e => e.serverId === id).length);
    // Page by page, least recently used first, this left the last pages of every list and no list whole.
    for (const held of pagesHeld) expect([0, pages]).toContain(held);
    expect(pagesHeld.filter(held => held === pages)).toHaveLength(2);
  });

  it('an entry larger than the whole budget is not stored, and the read still succeeds', async () => {
    const { cache } = setup({ budgetBytes: 1024 * 1024 });
    const { read, sent } = await connect(cache, 'ref');
    const first = await read(LARGE);
    expect(first.value.contents).toHaveLength(1);
    expect(first.cache.expiresAt).toBeUndefined();
    await read(LARGE);
    expect(sent.filter(s => s === `resources/read ${LARGE}`)).toHaveLength(2);
    expect(cache.snapshot().entries).toEqual([]);
  });

  it('a 2025 server is cached for the configured default TTL, privately', async () => {
    const { cache } = setup({ defaultTtlMs: 30_000 });
    const { client, read, sent } = await connect(cache, 'old', 'legacy');
    expect(client.getProtocolEra()).toBe('legacy');
    await read(PUBLIC_LONG);
    const again = await read(PUBLIC_LONG);
    expect(sent.filter(s => s.startsWith('resources/read'))).toHaveLength(1);
    expect(again.cache).toMatchObject({ state: 'fresh', scope: 'private' });
    expect(again.cache.expiresAt! - again.cache.receivedAt).toBeGreaterThan(29_900);
  });

  it('cache.snapshot lists entries, cache.evict drops one, cache.clear all; evicted means refetched', async () => {
    const { cache } = setup();
    const { read, sent } = await connect(cache, 'ref');
    await read(PUBLIC_LONG);
    await read(PRIVATE_SHORT);
    const snap = await cache.handlers['cache.snapshot']({});
    expect(snap.entries.map(e => [e.method, e.params, e.scope, e.serverId, e.state])).toEqual([
      ['resources/read', PRIVATE_SHORT, 'private', 'ref', 'fresh'],
      ['resources/read', PUBLIC_LONG, 'public', 'ref', 'fresh']
    ]);
    expect(snap.entries.every(e => e.size > 0 && e.expiresAt > e.storedAt)).toBe(true);
    const publicKey = snap.entries[1].key;
    expect(await cache.handlers['cache.evict']({ key: publicKey })).toEqual({ evicted: true });
    expect(await cache.handlers['cache.evict']({ key: publicKey })).toEqual({ evicted: false });
    const mark = sent.length;
    expect((await read(PUBLIC_LONG)).cache.state).toBe('miss');
    expect(sent.slice(mark)).toEqual([`resources/read ${PUBLIC_LONG}`]);
    expect(await cache.handlers['cache.clear']({})).toEqual({ cleared: 2 });
    expect((await cache.handlers['cache.snapshot']({})).entries).toEqual([]);
  });

  it('emits coalesced cacheChanged events and one cacheServed per call; refresh is a new read number', async () => {
    const { bus, cache } = setup();
    const changed: EngineEvents['cacheChanged'][] = [];
    const served: EngineEvents['cacheServed'][] = [];
    bus.on('cacheChanged', e => changed.push(e));
    bus.on('cacheServed', e => served.push(e));
    const { read } = await connect(cache, 'ref');
    const first = await read(EVERY_READ);
    await read(PUBLIC_LONG);
    await read(PRIVATE_SHORT);
    await read(EVERY_READ);
    const refreshed = await read(EVERY_READ, 'refresh');
    expect(JSON.parse(textOf(refreshed.value)).read).toBe(JSON.parse(textOf(first.value)).read + 1);
    await expect.poll(() => changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(4);
    expect(changed.every(e => e.serverId === 'ref')).toBe(true);
    expect(served.map(s => `${s.params} ${s.cache.state}`)).toEqual([
      `${EVERY_READ} miss`,
      `${PUBLIC_LONG} miss`,
      `${PRIVATE_SHORT} miss`,
      `${EVERY_READ} fresh`,
      `${EVERY_READ} miss`
    ]);
  });
});
