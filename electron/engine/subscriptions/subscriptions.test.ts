// Watching resources through the engine against the real reference server, on both eras and both
// transports: subscriptions/listen (2026-07-28) and resources/subscribe (2025-11-25), automatic updates,
// re-reads after invalidation, unwatch, list_changed, and watches that come back after a server restart.
// A watch the server refuses (it serves no such URI) shows refused, with the reason, on every era and transport;
// a fixture covers a 2026 server that ends a listen stream whose acknowledgement honoured nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult, LogPage, ReadResult, ResourceItem, SubscriptionInfo } from '../../../shared/contract';
import type { Engine } from '../engine';
import { cleanup, engineWith, nextEvent, statusOf } from '../../../test-support/engine/engine-harness';
import type { HttpReferenceServer } from '../../../test-support/reference-server/http-server';
import { engineOnReference, eraMatrix } from '../../../test-support/engine/reference-eras';
import { connectHttp } from '../../../test-support/reference-server/harness';
import { McpServer } from '@modelcontextprotocol/server';
import { startHttpFixture } from '../../../test-support/engine/http-fixture';

afterAll(cleanup);

const CLOCK = 'ref://live/clock';
const COUNTER = 'ref://live/counter';
/** Fast ticks keep the tests short; the debounce and timeouts stay tolerant of a loaded machine. */
const TICK = ['--update-interval-ms', '300', '--resources', '5'];

/** Collects `resourceUpdated` events for one URI until `count` have arrived. */
function updates(engine: Engine, uri: string, count: number, timeoutMs = 20_000): Promise<number[]> {
  const seen: number[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`only ${seen.length} of ${count} updates for ${uri}`));
    }, timeoutMs);
    const off = engine.bus.on('resourceUpdated', e => {
      if (e.serverId !== 'ref' || e.uri !== uri) return;
      seen.push(e.at);
      if (seen.length < count) return;
      clearTimeout(timer);
      off();
      resolve(seen);
    });
  });
}

function watchStatus(engine: Engine, uri: string, status: SubscriptionInfo['status'], timeoutMs = 30_000) {
  const now = (engine.host.dispatch('subscriptions.list', {}) as Promise<SubscriptionInfo[]>).then(list => list.find(s => s.uri === uri));
  const next = nextEvent(engine.bus, 'subscriptionChanged', s => s.uri === uri && s.status === status, timeoutMs);
  return now.then(info => {
    if (info?.status === status) {
      next.catch(() => undefined);
      return info;
    }
    return next;
  });
}

async function readText(engine: Engine, uri: string): Promise<string> {
  const read = (await engine.host.dispatch('resources.read', { serverId: 'ref', uri })) as ReadResult;
  const part = read.contents[0];
  if (part?.kind !== 'text') throw new Error(`expected text content for ${uri}`);
  return part.text;
}

const mechanisms = { modern: 'listen', legacy: 'subscribe' } as const;
const matrix = eraMatrix.map(([era, via]) => [era, via, mechanisms[era]] as const);

// One server and engine per era and transport, used by the tests in order (the restart comes last).
// Generous time for a loaded machine, strict assertions.
describe.each(matrix)('%s era over %s', { timeout: 90_000 }, (era, via, mechanism) => {
  let engine: Engine;
  let http: HttpReferenceServer | undefined;
  beforeAll(async () => {
    ({ engine, http } = await engineOnReference(era, via, TICK));
  }, 90_000);

  it(`watches the clock through ${mechanism}, re-reads new content on each update, stops on unwatch`, async () => {
    // A watch counts from zero: at most the updates that arrived since it was asked for (a tick can land before
    // the reply on a loaded machine, so the count in the reply is not always 0).
    let updatedSinceWatch = 0;
    const offUpdated = engine.bus.on('resourceUpdated', e => e.serverId === 'ref' && e.uri === CLOCK && updatedSinceWatch++);
    const watched = (await engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri: CLOCK })) as SubscriptionInfo;
    offUpdated();
    expect(watched).toMatchObject({ serverId: 'ref', uri: CLOCK, mechanism, status: 'active' });
    expect(watched.updates).toBeLessThanOrEqual(updatedSinceWatch);

    // Three automatic updates, each followed by a read that shows a newer clock.
    const texts = [await readText(engine, CLOCK)];
    for (let i = 0; i < 3; i++) {
      await updates(engine, CLOCK, 1);
      texts.push(await readText(engine, CLOCK));
    }
    const times = texts.map(t => Date.parse(t));
    expect(times.every(Number.isFinite)).toBe(true);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);

    const [info] = (await engine.host.dispatch('subscriptions.list', {})) as SubscriptionInfo[];
    expect(info.uri).toBe(CLOCK);
    expect(info.updates).toBeGreaterThanOrEqual(3);
    expect(info.lastUpdated).toBeGreaterThan(Date.now() - 10_000);

    // Watching a second URI keeps the first (modern: the new stream replaces the old one without a gap).
    await engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri: COUNTER });
    await Promise.all([updates(engine, CLOCK, 2), updates(engine, COUNTER, 2)]);

    await expect(engine.host.dispatch('subscriptions.unwatch', { serverId: 'ref', uri: CLOCK })).resolves.toEqual({ removed: true });
    await expect(engine.host.dispatch('subscriptions.unwatch', { serverId: 'ref', uri: CLOCK })).resolves.toEqual({ removed: false });
    // Let the server take the change in, then count: the counter goes on, the clock stays silent.
    await updates(engine, COUNTER, 2);
    let clockUpdates = 0;
    const off = engine.bus.on('resourceUpdated', e => {
      if (e.uri === CLOCK) clockUpdates++;
    });
    await updates(engine, COUNTER, 3);
    off();
    expect(clockUpdates).toBe(0);
    const list = (await engine.host.dispatch('subscriptions.list', {})) as SubscriptionInfo[];
    expect(list.map(s => s.uri)).toEqual([COUNTER]);
  });

  it('relays list_changed for both lists, and the next listing is not served from the cache', async () => {
    const list = () => engine.host.dispatch('resources.list', { serverId: 'ref' }) as Promise<ListResult<ResourceItem>>;
    // The ephemeral resource comes or goes every 3 ticks (0.9 s), each time with one list_changed, which can
    // fall between two listings: list until one is served from the cache (only 2026 servers send the hints
    // that allow it; 2025 lists are never kept, as no default TTL is configured).
    await expect(list()).resolves.toMatchObject({ cache: { state: 'miss' } });
    if (era === 'modern') {
      let fresh = false;
      for (let attempt = 0; attempt < 10 && !fresh; attempt++) fresh = (await list()).cache.state === 'fresh';
      expect(fresh).toBe(true);
    }

    // What is checked needs a list_changed that came after the last listing. One that came before it (during
    // the listings above, or in the 250 ms the relay waits for more) dropped a list that was then listed
    // again, after the change, and that list is rightly fresh. The protocol log tells the order.
    const lastSeq = async (method: string, direction: 'in' | 'out') =>
      ((await engine.host.dispatch('log.query', { serverId: 'ref', method, direction })) as LogPage).entries.at(-1)?.seq ?? -1;
    const events: string[] = [];
    const off = engine.bus.on('listChanged', e => e.serverId === 'ref' && events.push(e.list));
    for (let waited = 0; ; waited++) {
      if (waited === 5) throw new Error('no list_changed came after the last listing');
      await nextEvent(engine.bus, 'listChanged', e => e.serverId === 'ref' && e.list === 'templates');
      if ((await lastSeq('notifications/resources/list_changed', 'in')) > (await lastSeq('resources/list', 'out'))) break;
    }
    off();
    expect(events.slice(0, 2)).toEqual(['resources', 'templates']);
    await expect(list()).resolves.toMatchObject({ cache: { state: 'miss' } });
  });

  it('shows a watch the server does not honour as refused, with the reason, and keeps it so', async () => {
    const missing = 'ref://no/such/thing';
    const changes: SubscriptionInfo['status'][] = [];
    const off = engine.bus.on('subscriptionChanged', s => s.uri === missing && changes.push(s.status));
    // Alone first: on 2026 the acknowledgement is then empty, and over HTTP the server ends the stream.
    const refused = (await engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri: missing })) as SubscriptionInfo;
    expect(refused).toMatchObject({ uri: missing, mechanism, status: 'refused', error: { message: expect.any(String) } });
    if (era === 'legacy') expect(refused.error).toMatchObject({ code: 'not_found', rpcCode: -32602 });
    // Then beside one the server honours.
    await expect(engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri: CLOCK })).resolves.toMatchObject({ status: 'active' });
    await updates(engine, CLOCK, 2);
    const list = (await engine.host.dispatch('subscriptions.list', {})) as SubscriptionInfo[];
    expect(list.filter(s => s.uri !== COUNTER).map(s => [s.uri, s.status])).toEqual([[missing, 'refused'], [CLOCK, 'active']]);
    // Refused stays refused: it never flips to resuming and back while the clock ticks on.
    expect(changes.filter(s => s !== 'pending' && s !== 'refused')).toEqual([]);
    off();
    for (const uri of [missing, CLOCK]) await engine.host.dispatch('subscriptions.unwatch', { serverId: 'ref', uri });
  });

  it('brings every watch back after the server restarts, without being asked', async () => {
    await engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri: CLOCK });
    await engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri: COUNTER });
    await updates(engine, CLOCK, 1);
    const ticksBefore = (JSON.parse(await readText(engine, COUNTER)) as { ticks: number }).ticks;

    const resuming = watchStatus(engine, CLOCK, 'resuming');
    if (http) {
      await http.kill();
      await resuming;
      await http.restart();
    } else {
      const pid = engine.registry.details('ref').pid;
      expect(pid).toBeGreaterThan(0);
      process.kill(pid as number, 'SIGKILL');
      await resuming;
    }
    await watchStatus(engine, CLOCK, 'active');
    await watchStatus(engine, COUNTER, 'active');
    // The restarted server's counter starts again from zero: updates come from the new process.
    await Promise.all([updates(engine, CLOCK, 2), updates(engine, COUNTER, 2)]);
    const counter = JSON.parse(await readText(engine, COUNTER)) as { ticks: number };
    expect(counter.ticks).toBeLessThan(ticksBefore);
    const list = (await engine.host.dispatch('subscriptions.list', {})) as SubscriptionInfo[];
    expect(list.map(s => [s.uri, s.status]).sort()).toEqual([[CLOCK, 'active'], [COUNTER, 'active']]);
  });
});

describe('cache invalidation on update', { timeout: 90_000 }, () => {
  it('drops the cached read of a watched resource when the server announces an update (modern HTTP)', async () => {
    const { engine, http } = await engineOnReference('modern', 'http', TICK);
    const uri = 'ref://cache/public-long';
    const first = (await engine.host.dispatch('resources.read', { serverId: 'ref', uri })) as ReadResult;
    expect(first.cache.state).toBe('miss');
    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri })).resolves.toMatchObject({ cache: { state: 'fresh' } });
    await engine.host.dispatch('subscriptions.watch', { serverId: 'ref', uri });

    // Another client asks the server to announce an update of that URI.
    const other = await connectHttp(http!.url, 'modern');
    try {
      const updated = updates(engine, uri, 1);
      await other.callTool({ name: 'touch_resource', arguments: { uri } });
      await updated;
    } finally {
      await other.close();
    }
    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri })).resolves.toMatchObject({ cache: { state: 'miss' } });
  });
});

describe('watching where it is unavailable', () => {
  it('refuses to watch on a server that is not connected, with a clear error', async () => {
    const engine = await engineWith({ gone: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
    await statusOf(engine, 'gone', 'error');
    await expect(engine.host.dispatch('subscriptions.watch', { serverId: 'gone', uri: CLOCK })).rejects.toMatchObject({ error: { code: 'transport' } });
  });
});

describe('a 2026 server that ends a listen stream honouring nothing', { timeout: 60_000 }, () => {
  it('leaves the refused watch refused (never resuming), and honours what it does alongside', async () => {
    const [good, bad] = ['fixture://watch/ok', 'fixture://watch/refused'];
    // No resources.listChanged: the listen request asks for the URIs alone, so refusing the only one leaves the
    // acknowledgement empty, and the server then ends the stream gracefully (the reference server, which
    // announces list changes, always keeps its stream).
    const fixture = await startHttpFixture(
      () => {
        const server = new McpServer({ name: 'watch-fixture', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });
        for (const uri of [good, bad]) server.registerResource(uri, uri, { mimeType: 'text/plain' }, async u => ({ contents: [{ uri: u.href, text: u.href }] }));
        return server;
      },
      { era: 'modern', refuseWatch: [bad] }
    );
    try {
      const engine = await engineWith({ w: { type: 'http', url: fixture.url } });
      await statusOf(engine, 'w', 'connected', 30_000);
      const watch = (uri: string) => engine.host.dispatch('subscriptions.watch', { serverId: 'w', uri }) as Promise<SubscriptionInfo>;
      const statuses: SubscriptionInfo['status'][] = [];
      engine.bus.on('subscriptionChanged', s => s.uri === bad && statuses.push(s.status));
      await expect(watch(bad)).resolves.toMatchObject({ status: 'refused', error: { message: expect.stringMatching(/did not accept/) } });
      // The end of that stream is no drop to resume from (backoff here starts at 100 ms: a loop would show at once).
      await new Promise(resolve => setTimeout(resolve, 1_500));
      expect(statuses).toEqual(['pending', 'refused']);
      await expect(watch(good)).resolves.toMatchObject({ uri: good, mechanism: 'listen', status: 'active' });
      const listed = (await engine.host.dispatch('subscriptions.list', {})) as SubscriptionInfo[];
      expect(listed.map(s => [s.uri, s.status])).toEqual([[bad, 'refused'], [good, 'active']]);
      await engine.close();
    } finally {
      await fixture.close();
    }
  });
});
