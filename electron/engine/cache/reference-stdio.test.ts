// The cache against the real reference server over real stdio, through the engine. There is no socket to
// count on here, so two witnesses count requests: the protocol log (frames the engine's transport sent) and
// the server itself (ref://cache/every-read answers with a new read number on every server-side read).
// Notifications are caused through the engine's own connection (`log.replay` of a tools/call), since the
// server is the engine's child process. Live ticks are frozen so only the test causes notifications; TTLs
// elapse on the client clock (testing/client-clock.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CacheSnapshot, ListResult, LogPage, ReadResult, ResourceItem, SubscriptionInfo } from '../../../shared/contract';
import { cleanup, engineWith, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { referenceServerEntry } from '../config/default-server';
import { installClientClock, type ClientClock } from '../../../test-support/cache/client-clock';

const EVERY_READ = 'ref://cache/every-read';
const PUBLIC_LONG = 'ref://cache/public-long';
const FROZEN = ['--update-interval-ms', '86400000'];

let clock: ClientClock | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});
afterAll(cleanup);

async function setup(serverArgs: string[] = [], dataDir?: string) {
  clock ??= installClientClock();
  const engine = await engineWith({ ref: referenceServerEntry([...FROZEN, ...serverArgs]) }, dataDir ? { dataDir } : {});
  await statusOf(engine, 'ref', 'connected', 30_000);
  const call = <T>(method: string, params: unknown) => engine.host.dispatch(method, params) as Promise<T>;
  /** Requests for `method` the engine's transport has sent so far (the protocol log's outgoing frames). */
  const sent = async (method: string) => (await call<LogPage>('log.query', { serverId: 'ref', direction: 'out', method })).entries.filter(e => e.kind === 'request').length;
  const read = (uri: string, cacheMode: 'use' | 'refresh' = 'use') => call<ReadResult>('resources.read', { serverId: 'ref', uri, cacheMode });
  const snapshot = () => call<CacheSnapshot>('cache.snapshot', {});
  const tool = (name: string, args: Record<string, unknown>) => call('log.replay', { serverId: 'ref', method: 'tools/call', params: { name, arguments: args } });
  return { engine, call, sent, read, snapshot, tool, clock };
}

const readNumber = (r: ReadResult) => (JSON.parse(r.contents[0].kind === 'text' ? r.contents[0].text : '{}') as { read: number }).read;

// Each test starts an engine and its server (the warm start two): generous on a loaded machine, where one went
// past the 30 s default; time is not what these tests check (TTLs run on the client clock).
describe('the cache against the reference server over stdio', { timeout: 90_000 }, () => {
  it('a fresh read sends 0 requests; after expiry exactly one', async () => {
    const { sent, read, clock } = await setup();
    const first = await read(EVERY_READ);
    expect(first.cache).toMatchObject({ state: 'miss', scope: 'public' });
    expect(await sent('resources/read')).toBe(1);
    const fresh = await read(EVERY_READ);
    expect(fresh.cache.state).toBe('fresh');
    expect(readNumber(fresh)).toBe(readNumber(first));
    expect(await sent('resources/read')).toBe(1);
    clock.advance(10_500); // past ttlMs 10 000
    const expired = await read(EVERY_READ);
    expect(expired.cache.state).toBe('miss');
    expect(readNumber(expired)).toBe(readNumber(first) + 1);
    expect(await sent('resources/read')).toBe(2);
  });

  it('updated drops the watched uri and list_changed drops the list pages', async () => {
    const { call, sent, read, snapshot, tool } = await setup();
    await call<SubscriptionInfo>('subscriptions.watch', { serverId: 'ref', uri: EVERY_READ });
    await expect.poll(async () => (await call<SubscriptionInfo[]>('subscriptions.list', {}))[0]?.status, { timeout: 15_000 }).toBe('active');
    const first = await read(EVERY_READ);
    await read(PUBLIC_LONG);
    const listed = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect((await snapshot()).entries.filter(e => e.method === 'resources/list')).toHaveLength(listed.pages);

    await tool('touch_resource', { uri: EVERY_READ });
    await expect.poll(async () => (await snapshot()).entries.some(e => e.params === EVERY_READ), { timeout: 15_000 }).toBe(false);
    expect((await snapshot()).entries.some(e => e.params === PUBLIC_LONG)).toBe(true);
    const readsBefore = await sent('resources/read');
    const after = await read(EVERY_READ);
    expect(await sent('resources/read')).toBe(readsBefore + 1);
    expect(readNumber(after)).toBe(readNumber(first) + 1);

    await tool('set_ephemeral', { present: true });
    await expect.poll(async () => (await snapshot()).entries.filter(e => e.method === 'resources/list').length, { timeout: 15_000 }).toBe(0);
    const listsBefore = await sent('resources/list');
    const relisted = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect(await sent('resources/list')).toBe(listsBefore + relisted.pages);
    expect(relisted.items.map(i => i.uri)).toContain('ref://live/ephemeral');
  });

  it('public entries are shared only by servers whose command, args, env and cwd are all the same', async () => {
    clock ??= installClientClock();
    const base = referenceServerEntry(FROZEN);
    // Same command and args; a different env or cwd may make a server answer differently (another data
    // directory, another account), so only the identical config shares.
    const engine = await engineWith({
      a: { ...base, env: { MRB_DATA: 'a' } },
      b: { ...base, env: { MRB_DATA: 'b' } },
      elsewhere: { ...base, env: { MRB_DATA: 'a' }, cwd: join(base.cwd ?? '.', 'docs') },
      same: { ...base, env: { MRB_DATA: 'a' } }
    });
    const ids = ['a', 'b', 'elsewhere', 'same'];
    for (const id of ids) await statusOf(engine, id, 'connected', 60_000);
    const read = (serverId: string) => engine.host.dispatch('resources.read', { serverId, uri: PUBLIC_LONG }) as Promise<ReadResult>;
    const sent = async (serverId: string) =>
      ((await engine.host.dispatch('log.query', { serverId, direction: 'out', method: 'resources/read' })) as LogPage).entries.filter(e => e.kind === 'request').length;
    expect((await read('a')).cache).toMatchObject({ state: 'miss', scope: 'public' });
    expect((await read('b')).cache.state).toBe('miss');
    expect((await read('elsewhere')).cache.state).toBe('miss');
    expect((await read('same')).cache).toMatchObject({ state: 'fresh', scope: 'public' });
    expect(await Promise.all(ids.map(sent))).toEqual([1, 1, 1, 0]);
    // The endpoint the status shows is the command line alone, the same for all four.
    expect(new Set(ids.map(id => engine.registry.get(id).snapshot().endpoint)).size).toBe(1);
  });

  it('a 2025-era server sends no hints: nothing is served from the cache', async () => {
    const { sent, read, snapshot, engine } = await setup(['--era', 'legacy']);
    expect(engine.registry.get('ref').snapshot().era).toBe('legacy');
    await read(PUBLIC_LONG);
    const again = await read(PUBLIC_LONG);
    expect(again.cache.state).toBe('miss');
    expect(again.cache.expiresAt).toBeUndefined();
    expect(await sent('resources/read')).toBe(2);
    expect((await snapshot()).entries.some(e => e.params === PUBLIC_LONG)).toBe(false);
  });

  it('warm start: public lists come back stale at the next launch and are revalidated; private reads never touch the disk', async () => {
    const dataDir = await tempDir('cache-warm-');
    const before = await setup([], dataDir);
    const listed = await before.call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    await before.read('ref://cache/private-short');
    await before.read(PUBLIC_LONG);
    await before.engine.close();
    const file = JSON.parse(await readFile(join(dataDir, 'cache', 'warm.json'), 'utf8')) as { entries: { method: string; params: string; value: string }[] };
    expect(file.entries.map(e => e.method)).toEqual(Array(listed.pages).fill('resources/list'));
    expect(file.entries.some(e => e.value.includes('Private data for the caller'))).toBe(false);

    const after = await setup([], dataDir);
    const restored = await after.snapshot();
    expect(restored.entries).toHaveLength(listed.pages);
    expect(restored.entries.every(e => e.method === 'resources/list' && e.state === 'stale' && e.scope === 'public')).toBe(true);
    const relisted = await after.call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect(relisted.cache.state).toBe('miss');
    expect(relisted.items).toEqual(listed.items);
    expect(await after.sent('resources/list')).toBe(listed.pages);
    expect((await after.snapshot()).countersByServer.ref.revalidations).toBe(listed.pages);
  });
});
