// The cache situations the reference server cannot produce, so they run against an in-process SDK server
// (testing/fixture-server.ts) or against no server at all. Everything else runs against the reference
// server: reference-http.test.ts, reference-stdio.test.ts, reference-module.test.ts.
// - MRTR: the reference server's input-required resources answer with ttlMs 0, so the SDK would not store
//   their final result anyway; only a server that marks it cacheable shows that our guard refuses it.
// - Pagination: the reference server gives every page of a list the same TTL; per-page TTLs need pages
//   that differ.
// - A negative ttlMs and an interim input_required page: no reference-server result looks like that, so
//   the page function is handed such values directly.
// - A corrupt warm-start file: written by the test, no server involved.
// - Stale-if-error per kind of failure, on both eras: a resource that answers with a cacheable body and then
//   with -32603, "not found", a -32602 refusal or `ttlMs: 0`, as the test picks (the reference server's
//   resources answer one way each; its kill and its restart with a smaller catalog are in
//   reference-http.test.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client, ReadResourceResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CacheInfo, EngineEvents } from '../../../shared/contract';
import { appErrorFrom } from '../errors';
import { EventBus } from '../event-bus';
import { combineCacheInfo } from '../resources/tracked';
import { createCache } from './index';
import { FLAKY, createFixture } from '../../../test-support/cache/fixture-server';

const clients: Client[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(clients.splice(0).map(c => c.close()));
  await Promise.all(dirs.splice(0).map(d => rm(d, { recursive: true, force: true })));
});

function setup(defaultTtlMs?: number) {
  const bus = new EventBus();
  const cache = createCache({ bus, ...(defaultTtlMs !== undefined && { defaultTtlMs }) });
  const fixture = createFixture();
  const connect = async (serverId: string, guard = true, era: 'modern' | 'legacy' = 'modern') => {
    const client = await fixture.connect(cache.port, serverId, { guard, era });
    clients.push(client);
    return client;
  };
  return { bus, cache, fixture, connect };
}

const textOf = (r: ReadResourceResult) => (r.contents[0] as { text?: string }).text;

describe('MRTR retries (a cacheable final answer)', () => {
  it('are never cached; without the transport guard the SDK alone would cache them', async () => {
    const { cache, fixture, connect } = setup();
    const read = (client: Client, serverId: string) =>
      cache.port.track(serverId, 'resources/read', 'fixture://vault', 'use', () => client.readResource({ uri: 'fixture://vault' }));
    const guarded = await connect('guarded');
    const first = await read(guarded, 'guarded');
    expect(textOf(first.value)).toMatch(/^unlocked/);
    expect(first.cache.state).toBe('miss');
    expect(first.cache.expiresAt).toBeUndefined();
    const mark = fixture.requests.length;
    const second = await read(guarded, 'guarded');
    // Both rounds again: the first request, then the retry with inputResponses.
    expect(fixture.since(mark)).toEqual(['resources/read fixture://vault', 'resources/read fixture://vault']);
    expect(second.cache.state).toBe('miss');
    expect(cache.snapshot().entries.some(e => e.params === 'fixture://vault')).toBe(false);

    // Control: without the transport guard the SDK stores the retry's result.
    const unguarded = await connect('unguarded', false);
    await read(unguarded, 'unguarded');
    expect(cache.snapshot().entries.some(e => e.serverId === 'unguarded' && e.params === 'fixture://vault')).toBe(true);
  });
});

describe('pages with their own TTLs', () => {
  it('a revisit sends nothing; an expired page is refetched by its cursor alone', async () => {
    // The clock stands still unless the test moves it (timers stay real): on a loaded machine the 150 ms page
    // could otherwise expire between the first walk and the revisit.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { cache, fixture, connect } = setup();
    const client = await connect('s1');
    /** The way the engine lists: it walks the cursor, each page through `page()`, and combines the badges. */
    const walk = async () => {
      const names: string[] = [];
      const infos: CacheInfo[] = [];
      let cursor: string | undefined;
      do {
        const { value, cache: info } = await cache.port.page('s1', 'resources/list', cursor, 'use', () =>
          client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } })
        );
        infos.push(info);
        names.push(...value.resources.map(r => r.name));
        cursor = value.nextCursor;
      } while (cursor !== undefined);
      return { names, cache: combineCacheInfo(infos) };
    };
    const first = await walk();
    expect(first.names).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(first.cache).toMatchObject({ state: 'miss', scope: 'public' });
    let mark = fixture.requests.length;
    const second = await walk();
    expect(fixture.since(mark)).toEqual([]);
    // Fresh until the shortest-lived page (150 ms) expires.
    expect(second.cache.state).toBe('fresh');
    expect(second.cache.expiresAt! - second.cache.receivedAt).toBeLessThan(1_000);
    vi.setSystemTime(Date.now() + 180);
    mark = fixture.requests.length;
    const third = await walk();
    expect(fixture.since(mark)).toEqual(['resources/list']);
    expect(third.cache.state).toBe('miss');
    expect(cache.snapshot().countersByServer.s1).toMatchObject({ hits: 5, misses: 3, revalidations: 1 });
  });
});

describe('values no reference-server result has', () => {
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

  it('ignores a corrupt warm-start file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cache-warm-'));
    dirs.push(dataDir);
    await mkdir(path.join(dataDir, 'cache'));
    await writeFile(path.join(dataDir, 'cache', 'warm.json'), '{"version":1,"entries":[{"key":1}, "junk"]');
    const cache = createCache({ bus: new EventBus(), dataDir });
    expect(await cache.loadWarm()).toBe(0);
    expect(cache.snapshot().entries).toEqual([]);
  });
});

// 2025 servers send no cache hints: the cache keeps their results only with a default TTL (60 s here, as
// long as the fixture's hint on 2026), and such entries are private.
describe.each(['modern', 'legacy'] as const)('stale-if-error on the %s era', era => {
  async function flakySetup() {
    // Time moves only when the test moves it (timers stay real), so the entry expires exactly when asked to.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { bus, cache, fixture, connect } = setup(era === 'legacy' ? 60_000 : undefined);
    const client = await connect('s1', true, era);
    expect(client.getProtocolEra()).toBe(era);
    const read = (mode: 'use' | 'refresh' = 'use') => cache.port.track('s1', 'resources/read', FLAKY, mode, () => client.readResource({ uri: FLAKY }, { cacheMode: mode }));
    const held = () => cache.snapshot().entries.filter(e => e.params === FLAKY);
    const changed: EngineEvents['cacheChanged'][] = [];
    bus.on('cacheChanged', e => changed.push(e));
    const first = await read();
    expect(textOf(first.value)).toBe('version 1');
    expect(held()).toHaveLength(1);
    vi.setSystemTime(Date.now() + 61_000); // the copy is stale now
    return { cache, fixture, read, held, changed, first };
  }

  it('serves the stale copy, marked stale with the error, when the server fails internally (-32603)', async () => {
    const { fixture, read, held, first } = await flakySetup();
    fixture.flaky.next = { kind: 'internal' };
    const stale = await read();
    expect(textOf(stale.value)).toBe('version 1');
    expect(stale.cache).toMatchObject({ state: 'stale', receivedAt: first.cache.receivedAt, error: { code: 'internal', rpcCode: -32603 } });
    expect(held()).toHaveLength(1);
  });

  it.each([
    ['not found', 'not-found', 'not_found'],
    ['a -32602 refusal with a reason', 'refused', 'invalid_params']
  ] as const)('never serves a copy once the server answers %s: the read fails, the entry is evicted and the UI is told', async (_label, kind, code) => {
    const { fixture, read, held, changed } = await flakySetup();
    await vi.waitFor(() => expect(changed.length).toBeGreaterThan(0)); // the first read's store
    changed.length = 0;
    fixture.flaky.next = { kind };
    const failure: unknown = await read().then(() => undefined, (err: unknown) => err);
    expect(appErrorFrom(failure)).toMatchObject({ code, rpcCode: -32602 });
    expect(held()).toEqual([]);
    await vi.waitFor(() => expect(changed).toEqual([expect.objectContaining({ serverId: 's1' })]));
    // Nothing is left to fall back on: a later failure has no copy to serve.
    fixture.flaky.next = { kind: 'internal' };
    await expect(read()).rejects.toMatchObject({ code: -32603 });
  });

  it.runIf(era === 'modern')('drops the older copy when the server answers with ttlMs 0, so it never comes back as stale', async () => {
    const { fixture, read, held } = await flakySetup();
    fixture.flaky.next = { kind: 'body', ttlMs: 0 };
    const uncached = await read();
    expect(textOf(uncached.value)).toBe('version 2');
    expect(uncached.cache).toMatchObject({ state: 'miss', ttlMs: 0 });
    expect(uncached.cache.expiresAt).toBeUndefined();
    expect(held()).toEqual([]);
    fixture.flaky.next = { kind: 'internal' };
    await expect(read()).rejects.toMatchObject({ code: -32603 });
  });
});
