// Watching resources through the engine against the real reference server, on both eras and both
// transports: subscriptions/listen (2026-07-28) and resources/subscribe (2025-11-25), automatic updates,
// re-reads after invalidation, unwatch, list_changed, and watches that come back after a server restart.
// Watches a server refuses run against fixtures (the reference server honours every watch today): a 2026
// server whose listen acknowledgement leaves a URI out, and a 2025 server whose resources/subscribe fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult, LogPage, ReadResult, ResourceItem, SubscriptionInfo } from '../../../shared/contract';
import type { Engine } from '../engine';
import { cleanup, engineWith, nextEvent, statusOf } from '../../../test-support/engine/engine-harness';
import type { HttpReferenceServer } from '../../../test-support/reference-server/http-server';
import { engineOnReference, eraMatrix } from '../../../test-support/engine/reference-eras';
import { connectHttp } from '../../../test-support/reference-server/harness';
import { startListenFixture } from '../../../test-support/engine/listen-fixture';
import { startSseFixture } from '../../../test-support/engine/sse-server';

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

describe('watches the server does not honour', { timeout: 60_000 }, () => {
  /** Watches one honoured and one refused URI; the rest of the test reads what the engine shows for them. */
  async function watchBoth(engine: Engine, serverId: string, good: string, bad: string) {
    await statusOf(engine, serverId, 'connected', 30_000);
    const watch = (uri: string) => engine.host.dispatch('subscriptions.watch', { serverId, uri }) as Promise<SubscriptionInfo>;
    const accepted = await watch(good);
    const refused = await watch(bad);
    const listed = (await engine.host.dispatch('subscriptions.list', {})) as SubscriptionInfo[];
    return { accepted, refused, listed };
  }

  it('2026: shows only what the listen acknowledgement honoured as active, the rest as refused with the reason', async () => {
    const [good, bad] = ['fixture://watch/ok', 'fixture://watch/refused'];
    const fixture = await startListenFixture([good, bad], [bad]);
    try {
      const engine = await engineWith({ w: { type: 'http', url: fixture.url } });
      const { accepted, refused, listed } = await watchBoth(engine, 'w', good, bad);
      expect(accepted).toMatchObject({ uri: good, mechanism: 'listen', status: 'active' });
      expect(refused).toMatchObject({ uri: bad, mechanism: 'listen', status: 'refused', error: { message: expect.stringMatching(/did not accept/) } });
      // Watching the second URI re-opened the stream with both: the first is still honoured, the second still not.
      expect(listed.map(s => [s.uri, s.status])).toEqual([[good, 'active'], [bad, 'refused']]);
      await engine.close();
    } finally {
      await fixture.close();
    }
  });

  it('2025: a resources/subscribe the server answers with an error is refused, with the server\'s message', async () => {
    const [good, bad] = ['sse://item/0', 'sse://item/1'];
    const sse = await startSseFixture(2, { watch: { refuse: [bad] } });
    try {
      const engine = await engineWith({ old: { type: 'sse', url: sse.url } });
      const { accepted, refused, listed } = await watchBoth(engine, 'old', good, bad);
      expect(accepted).toMatchObject({ uri: good, mechanism: 'subscribe', status: 'active' });
      expect(refused).toMatchObject({
        uri: bad,
        mechanism: 'subscribe',
        status: 'refused',
        error: { code: 'invalid_params', rpcCode: -32602, message: `This server does not send updates for ${bad}` }
      });
      expect(listed.map(s => [s.uri, s.status])).toEqual([[good, 'active'], [bad, 'refused']]);
      await engine.close();
    } finally {
      await sse.close();
    }
  });
});
