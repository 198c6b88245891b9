// The caching page's MUSTs and SHOULDs against the real reference server over real HTTP, through the
// engine as the app runs it (createEngine, contract calls). The engine reaches the server through a
// counting proxy (testing/wire-proxy.ts), so requests are counted on the wire, outside the engine, with the
// credential that sent each one. Resources used (reference-server/showcase.ts): ref://cache/every-read
// (public, 10 s, a new read number on every server-side read), ref://cache/public-long (public, 1 h),
// ref://cache/private-short (private, 5 s), ref://cache/no-store (ttlMs 0); resources/list pages carry
// ttlMs 300 000, public. Live ticks are frozen (--update-interval-ms 86400000) so only the test causes
// notifications; TTLs elapse on the client clock (testing/client-clock.ts).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CacheSnapshot, ListResult, LogPage, PendingInputRequest, ReadResult, ResourceItem, ServerConfigEntry, SubscriptionInfo } from '../../../shared/contract';
import type { Engine } from '../engine';
import { cleanup, engineWith, nextEvent, statusOf } from '../../../test-support/engine/engine-harness';
import { HttpReferenceServer } from '../../../test-support/reference-server/http-server';
import { installClientClock, type ClientClock } from '../../../test-support/cache/client-clock';
import { startWireProxy, type WireProxy } from '../../../test-support/cache/wire-proxy';

const EVERY_READ = 'ref://cache/every-read';
const PUBLIC_LONG = 'ref://cache/public-long';
const PRIVATE_SHORT = 'ref://cache/private-short';
const NO_STORE = 'ref://cache/no-store';
const TWO_ROUND = 'ref://input/two-round';
/** A catalog item (public, 5 min) that a server restarted with 30 catalog items no longer has. */
const DOOMED = 'ref://catalog/33';
const FROZEN = ['--update-interval-ms', '86400000'];

const undo: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});
afterAll(cleanup);

/** One server for the tests that leave its state alone (they compare read numbers, never absolute ones). */
let shared: Promise<HttpReferenceServer> | undefined;
const SERVER_ARGS = [...FROZEN, '--resources', '40', '--page-size', '20'];
const sharedServer = () => (shared ??= HttpReferenceServer.start(SERVER_ARGS));

async function until(probe: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 25));
  }
}

interface Setup {
  engine: Engine;
  server: HttpReferenceServer;
  proxy: WireProxy;
  clock: ClientClock;
  call<T>(method: string, params: unknown): Promise<T>;
  read(serverId: string, uri: string, cacheMode?: 'use' | 'refresh' | 'bypass'): Promise<ReadResult>;
  snapshot(): Promise<CacheSnapshot>;
}

/**
 * The reference server behind the counting proxy and an engine configured with `servers(proxyUrl)`, all
 * connected. `own`: a server of its own, for tests that kill it or change what it lists.
 */
async function setup(servers: (url: string) => Record<string, ServerConfigEntry>, own = false): Promise<Setup> {
  const server = await (own ? HttpReferenceServer.start(SERVER_ARGS) : sharedServer());
  const proxy = await startWireProxy(server.url);
  undo.push(() => proxy.close());
  const clock = installClientClock();
  undo.push(() => clock.restore());
  const config = servers(proxy.url);
  const engine = await engineWith(config);
  for (const id of Object.keys(config)) await statusOf(engine, id, 'connected', 30_000);
  // Each connection opens its list_changed stream once connected; wait for them so they are not counted below.
  const proxied = Object.values(config).filter(e => 'url' in e && e.url === proxy.url).length;
  await until(() => proxy.requests.filter(r => r.method === 'subscriptions/listen').length >= proxied, 'the listen streams');
  const call = <T>(method: string, params: unknown) => engine.host.dispatch(method, params) as Promise<T>;
  return {
    engine,
    server,
    proxy,
    clock,
    call,
    read: (serverId, uri, cacheMode = 'use') => call<ReadResult>('resources.read', { serverId, uri, cacheMode }),
    snapshot: () => call<CacheSnapshot>('cache.snapshot', {})
  };
}

const one = (url: string): Record<string, ServerConfigEntry> => ({ ref: { type: 'http', url } });
const textOf = (r: ReadResult) => (r.contents[0].kind === 'text' ? r.contents[0].text : '');
const readNumber = (r: ReadResult) => (JSON.parse(textOf(r)) as { read: number }).read;

/** A plain SDK client straight to the server (not through the proxy), to drive its tools. */
async function operator(url: string): Promise<Client> {
  const client = new Client({ name: 'cache-test-operator', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  undo.push(() => client.close());
  return client;
}

describe('freshness against the reference server (HTTP)', () => {
  it('a fresh read sends 0 requests on the wire; the protocol log records a cache hit', async () => {
    const { proxy, read, call } = await setup(one);
    const first = await read('ref', EVERY_READ);
    expect(first.cache).toMatchObject({ state: 'miss', scope: 'public', ttlMs: 10_000 });
    const mark = proxy.requests.length;
    const again = await read('ref', EVERY_READ);
    expect(proxy.since(mark)).toEqual([]);
    expect(again.cache).toMatchObject({ state: 'fresh', scope: 'public', receivedAt: first.cache.receivedAt, expiresAt: first.cache.expiresAt });
    // The server counts its reads: the same number means the server was not asked.
    expect(readNumber(again)).toBe(readNumber(first));
    const hits = await call<LogPage>('log.query', { serverId: 'ref', direction: 'cache' });
    expect(hits.entries.map(e => [e.kind, e.method])).toEqual([['cache-hit', 'resources/read']]);

    // Refresh always goes to the server: exactly one request, and the server's next read number.
    const refreshed = await read('ref', EVERY_READ, 'refresh');
    expect(proxy.since(mark)).toEqual([`resources/read ${EVERY_READ}`]);
    expect(readNumber(refreshed)).toBe(readNumber(first) + 1);
  });

  it('after expiry, exactly one request, counted as a revalidation; then fresh again', async () => {
    const { proxy, read, clock, snapshot } = await setup(one);
    const first = await read('ref', EVERY_READ);
    clock.advance(9_000);
    let mark = proxy.requests.length;
    expect((await read('ref', EVERY_READ)).cache.state).toBe('fresh');
    expect(proxy.since(mark)).toEqual([]);
    clock.advance(1_500); // 10.5 s after the read: past its ttlMs of 10 000
    mark = proxy.requests.length;
    const expired = await read('ref', EVERY_READ);
    expect(proxy.since(mark)).toEqual([`resources/read ${EVERY_READ}`]);
    expect(expired.cache.state).toBe('miss');
    expect(readNumber(expired)).toBe(readNumber(first) + 1);
    mark = proxy.requests.length;
    expect((await read('ref', EVERY_READ)).cache.state).toBe('fresh');
    expect(proxy.since(mark)).toEqual([]);
    expect((await snapshot()).countersByServer.ref).toEqual({ hits: 2, misses: 1, revalidations: 1, staleServed: 0 });
  });

  it('ttlMs 0 is never served from the cache and never stored', async () => {
    const { proxy, read, snapshot } = await setup(one);
    await read('ref', NO_STORE);
    const mark = proxy.requests.length;
    const again = await read('ref', NO_STORE);
    expect(proxy.since(mark)).toEqual([`resources/read ${NO_STORE}`]);
    expect(again.cache.state).toBe('miss');
    expect(again.cache.expiresAt).toBeUndefined();
    expect((await snapshot()).entries.some(e => e.params === NO_STORE)).toBe(false);
  });

  it('bypass neither reads nor writes the cache: one request, and the cached copy stays as it was', async () => {
    const { proxy, read } = await setup(one);
    const first = await read('ref', EVERY_READ);
    const mark = proxy.requests.length;
    const bypassed = await read('ref', EVERY_READ, 'bypass');
    expect(proxy.since(mark)).toEqual([`resources/read ${EVERY_READ}`]);
    expect(bypassed.cache.state).toBe('bypass');
    expect(readNumber(bypassed)).toBe(readNumber(first) + 1);
    const cached = await read('ref', EVERY_READ);
    expect(cached.cache.state).toBe('fresh');
    expect(readNumber(cached)).toBe(readNumber(first));
    expect(proxy.since(mark)).toHaveLength(1);
  });

  it('keys on the uri: a cached resource is never served for another one', async () => {
    const { proxy, read } = await setup(one);
    await read('ref', PUBLIC_LONG);
    const mark = proxy.requests.length;
    const other = await read('ref', EVERY_READ);
    expect(proxy.since(mark)).toEqual([`resources/read ${EVERY_READ}`]);
    expect(other.cache.state).toBe('miss');
    expect(textOf(other)).toContain('"read"');
  });

  it('list pages: a relist sends nothing; once the pages expire, one request per page', async () => {
    const { proxy, call, clock } = await setup(one);
    const first = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect(first.pages).toBeGreaterThanOrEqual(3);
    expect(first.cache).toMatchObject({ state: 'miss', scope: 'public' });
    let mark = proxy.requests.length;
    const again = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect(proxy.since(mark)).toEqual([]);
    expect(again.cache.state).toBe('fresh');
    expect(again.items).toEqual(first.items);
    clock.advance(300_001);
    mark = proxy.requests.length;
    const expired = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect(proxy.since(mark).filter(m => m.startsWith('resources/list'))).toHaveLength(first.pages);
    expect(proxy.since(mark)).toHaveLength(first.pages);
    expect(expired.cache.state).toBe('miss');
  });
});

describe('scope against the reference server (HTTP, two bearer tokens)', () => {
  it('private entries never cross two credentials; public ones are shared only by servers configured alike', async () => {
    const { proxy, read, snapshot } = await setup(url => ({
      alice: { type: 'http', url, headers: { Authorization: 'Bearer alice-token' } },
      bob: { type: 'http', url, headers: { Authorization: 'Bearer bob-token' } },
      // The same URL and headers as alice (header names in another case): the same server, as far as the cache can tell.
      'alice-again': { type: 'http', url, headers: { authorization: 'Bearer alice-token' } }
    }));
    const alicePrivate = await read('alice', PRIVATE_SHORT);
    expect(alicePrivate.cache).toMatchObject({ state: 'miss', scope: 'private', ttlMs: 5_000 });
    await read('alice', PUBLIC_LONG);

    let mark = proxy.requests.length;
    const bobPrivate = await read('bob', PRIVATE_SHORT);
    expect(proxy.requests.slice(mark).map(r => [r.method, r.key, r.authorization])).toEqual([['resources/read', PRIVATE_SHORT, 'Bearer bob-token']]);
    expect(bobPrivate.cache).toMatchObject({ state: 'miss', scope: 'private' });
    // The server stamps the read time: bob got his own copy, not alice's.
    expect(textOf(bobPrivate)).not.toBe(textOf(alicePrivate));

    // Public entries are shared by identical configs only: the headers (here the credentials) can change
    // what a server answers, so bob's public read is his own.
    mark = proxy.requests.length;
    const bobPublic = await read('bob', PUBLIC_LONG);
    expect(proxy.requests.slice(mark).map(r => [r.method, r.key, r.authorization])).toEqual([['resources/read', PUBLIC_LONG, 'Bearer bob-token']]);
    expect(bobPublic.cache).toMatchObject({ state: 'miss', scope: 'public' });
    mark = proxy.requests.length;
    const aliceAgainPublic = await read('alice-again', PUBLIC_LONG);
    const alicePrivateAgain = await read('alice', PRIVATE_SHORT);
    expect(proxy.since(mark)).toEqual([]);
    expect(aliceAgainPublic.cache).toMatchObject({ state: 'fresh', scope: 'public' });
    expect(alicePrivateAgain.cache.state).toBe('fresh');
    expect(textOf(alicePrivateAgain)).toBe(textOf(alicePrivate));

    const privates = (await snapshot()).entries.filter(e => e.params === PRIVATE_SHORT);
    expect(privates.map(e => e.serverId).sort()).toEqual(['alice', 'bob']);
    expect(new Set(privates.map(e => e.partition)).size).toBe(2);
  });
  it('a new token for the same server sees none of the old private entries', async () => {
    const { proxy, read, call } = await setup(url => ({ alice: { type: 'http', url, headers: { Authorization: 'Bearer old-token' } } }));
    await read('alice', PRIVATE_SHORT);
    await call('servers.add', { serverId: 'alice', config: { type: 'http', url: proxy.url, headers: { Authorization: 'Bearer new-token' } } });
    await expect.poll(async () => (await call<{ id: string; status: string }[]>('servers.list', {})).find(s => s.id === 'alice')?.status, { timeout: 30_000 }).toBe('connected');
    const mark = proxy.requests.length;
    const fresh = await read('alice', PRIVATE_SHORT);
    expect(fresh.cache).toMatchObject({ state: 'miss', scope: 'private' });
    expect(proxy.requests.slice(mark).filter(r => r.method === 'resources/read').map(r => [r.key, r.authorization])).toEqual([[PRIVATE_SHORT, 'Bearer new-token']]);
  });

  it('public entries are not shared between different endpoints, although the server reports the same name@version', async () => {
    const directUrl = (await sharedServer()).url;
    const { proxy, read, snapshot } = await setup(url => ({ proxied: { type: 'http', url }, direct: { type: 'http', url: directUrl } }));
    await read('proxied', PUBLIC_LONG);
    const direct = await read('direct', PUBLIC_LONG);
    expect(direct.cache).toMatchObject({ state: 'miss', scope: 'public' });
    expect(proxy.requests.filter(r => r.method === 'resources/read')).toHaveLength(1);
    expect((await snapshot()).entries.filter(e => e.params === PUBLIC_LONG).map(e => e.serverId).sort()).toEqual(['direct', 'proxied']);
  });
});

describe('invalidation against the reference server (HTTP)', () => {
  it('notifications/resources/updated drops that uri: the next read goes to the server', async () => {
    const { server, proxy, read, call, snapshot } = await setup(one);
    const watched = await call<SubscriptionInfo>('subscriptions.watch', { serverId: 'ref', uri: EVERY_READ });
    expect(watched.mechanism).toBe('listen');
    await expect.poll(async () => (await call<SubscriptionInfo[]>('subscriptions.list', {})).find(s => s.uri === EVERY_READ)?.status, { timeout: 15_000 }).toBe('active');
    const first = await read('ref', EVERY_READ);
    await read('ref', PUBLIC_LONG);
    expect((await read('ref', EVERY_READ)).cache.state).toBe('fresh');

    const tools = await operator(server.url);
    await tools.callTool({ name: 'touch_resource', arguments: { uri: EVERY_READ } });
    await expect.poll(async () => (await snapshot()).entries.some(e => e.params === EVERY_READ), { timeout: 15_000 }).toBe(false);
    // Only that uri: the other entry stays.
    expect((await snapshot()).entries.some(e => e.params === PUBLIC_LONG)).toBe(true);
    const mark = proxy.requests.length;
    const after = await read('ref', EVERY_READ);
    expect(proxy.since(mark)).toEqual([`resources/read ${EVERY_READ}`]);
    expect(readNumber(after)).toBe(readNumber(first) + 1);
  });

  it('list_changed drops every cached page of the list: the next listing goes to the server', async () => {
    const { server, proxy, call, snapshot } = await setup(one, true);
    const first = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect((await snapshot()).entries.filter(e => e.method === 'resources/list')).toHaveLength(first.pages);
    const tools = await operator(server.url);
    await tools.callTool({ name: 'set_ephemeral', arguments: { present: true } });
    await expect.poll(async () => (await snapshot()).entries.filter(e => e.method === 'resources/list').length, { timeout: 15_000 }).toBe(0);
    const mark = proxy.requests.length;
    const relisted = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    expect(proxy.since(mark).filter(m => m.startsWith('resources/list'))).toHaveLength(relisted.pages);
    expect(relisted.cache.state).toBe('miss');
    expect(relisted.items.map(i => i.uri)).toContain('ref://live/ephemeral');
    expect(first.items.map(i => i.uri)).not.toContain('ref://live/ephemeral');
  });

  it('a cursor the restarted server rejects drops all cached pages and the listing restarts from page 1', async () => {
    const { engine, proxy, call, read, clock, snapshot } = await setup(one, true);
    const listed = proxy.requests.length;
    const first = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    const doomed = await read('ref', DOOMED);
    expect(doomed.cache).toMatchObject({ state: 'miss', scope: 'public' });
    const page2Cursor = proxy.requests.slice(listed).filter(r => r.method === 'resources/list')[1].key;
    // The server restarts with a smaller catalog behind the same endpoint: its old cursors are void.
    const restarted = await HttpReferenceServer.start([...FROZEN, '--resources', '30', '--page-size', '20']);
    proxy.setUpstream(restarted.url);
    // The user evicts page 2 (cache panel), so the walk serves page 1 from the cache and sends its old cursor.
    const page2 = (await snapshot()).entries.find(e => e.method === 'resources/list' && e.params === page2Cursor);
    expect(page2).toBeDefined();
    expect(await call('cache.evict', { key: page2!.key })).toEqual({ evicted: true });
    const mark = proxy.requests.length;
    const relisted = await call<ListResult<ResourceItem>>('resources.list', { serverId: 'ref' });
    const sent = proxy.requests.slice(mark).filter(r => r.method === 'resources/list');
    expect(sent[0]).toMatchObject({ key: page2!.params }); // the rejected cursor
    expect(sent[1]).toMatchObject({ key: '' }); // restarted from the first page
    expect(sent).toHaveLength(1 + relisted.pages);
    expect(relisted.items).toHaveLength(first.items.length - 10);
    // Only the new server's pages are cached now.
    const pages = (await snapshot()).entries.filter(e => e.method === 'resources/list');
    expect(pages).toHaveLength(relisted.pages);
    expect(pages.some(e => e.params === page2!.params)).toBe(false);

    // A resource the new server no longer has: once its copy is stale, the server's answer (not found)
    // reaches the user; the stale copy is not served in its place, and it is evicted (the cache panel and the
    // badges hear of it through cacheChanged).
    clock.advance(300_001);
    expect((await snapshot()).entries.some(e => e.params === DOOMED)).toBe(true);
    const changed = nextEvent(engine.bus, 'cacheChanged', e => e.serverId === 'ref');
    await expect(read('ref', DOOMED)).rejects.toMatchObject({ error: { code: 'not_found' } });
    expect((await snapshot()).entries.some(e => e.params === DOOMED)).toBe(false);
    await changed;
  });
});

describe('input-required (MRTR) against the reference server (HTTP)', () => {
  // ref://input/two-round asks for a name, then a colour (reference-server/input-required.ts). Its final
  // answer carries ttlMs 0, so against this server the SDK would not store it even without our MRTR
  // guard: what this test shows is the whole flow end to end (every read repeats every round on the wire,
  // nothing is stored, the badge says so). That the guard refuses an MRTR result the server *did* mark
  // cacheable is shown in fixture-only.test.ts with the in-process fixture, because no reference-server
  // resource produces that situation.
  it('an input-required read repeats its rounds on the wire on every read, and nothing is stored', async () => {
    const { engine, proxy, read, call, snapshot } = await setup(one);
    const answers: Record<string, string> = { name: 'Ada', colour: 'blue' };
    const off = engine.bus.on('inputRequested', (pending: PendingInputRequest) => {
      const schema = pending.request.mode === 'form' ? (pending.request.requestedSchema as { properties?: Record<string, unknown> }) : {};
      const field = Object.keys(schema.properties ?? {})[0];
      void call('input.answer', { id: pending.id, answer: { action: 'accept', content: { [field]: answers[field] } } });
    });
    undo.push(off);
    const rounds = () => proxy.requests.filter(r => r.method === 'resources/read' && r.key === TWO_ROUND).map(r => r.retry);
    const first = await read('ref', TWO_ROUND);
    expect(JSON.parse(textOf(first))).toEqual({ name: 'Ada', colour: 'blue', rounds: 2 });
    expect(first.inputRounds).toBe(2);
    expect(first.cache.state).toBe('miss');
    expect(first.cache.expiresAt).toBeUndefined();
    expect(rounds()).toEqual([false, true, true]);
    const second = await read('ref', TWO_ROUND);
    expect(rounds()).toEqual([false, true, true, false, true, true]);
    expect(second.cache.state).toBe('miss');
    expect((await snapshot()).entries.some(e => e.params === TWO_ROUND)).toBe(false);
  });
});

describe('stale-if-error against the reference server (HTTP)', () => {
  it('the server is killed: a refresh serves the stale copy, marked stale, with the error', async () => {
    const { server, read, clock, snapshot } = await setup(one, true);
    const first = await read('ref', EVERY_READ);
    clock.advance(10_500);
    await server.kill();
    const stale = await read('ref', EVERY_READ, 'refresh');
    expect(stale.cache).toMatchObject({ state: 'stale', scope: 'public', receivedAt: first.cache.receivedAt, ttlMs: 10_000 });
    expect(stale.cache.error?.code).toBe('transport');
    expect(textOf(stale)).toBe(textOf(first));
    expect((await snapshot()).countersByServer.ref.staleServed).toBe(1);
  });
});
