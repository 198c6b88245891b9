// Read budgets against a real flooding process (100,000 notifications a second when read as fast as it
// writes), over stdio and over Streamable HTTP (its event stream): the engine stops reading when over budget,
// shows the server as throttled with counts, drops updates for URIs nobody watches, coalesces those for a
// watched URI (the latest still arrives), and a healthy server beside it keeps answering.
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerConfigEntry } from '../../../shared/contract';
import { cleanup, engineWith, nextEvent, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer, startBrokenHttpServer, type BrokenHttpServer } from '../../../test-support/fleet/fleet';
import { defaultReadBudget } from './read-budget';

const started: BrokenHttpServer[] = [];
afterAll(async () => {
  await cleanup();
  await Promise.all(started.map(server => server.stop()));
});

describe.each<[string, () => Promise<ServerConfigEntry>]>([
  ['stdio', async () => brokenServer('flood')],
  [
    'Streamable HTTP',
    async () => {
      const server = await startBrokenHttpServer('flood');
      started.push(server);
      return server.entry;
    }
  ]
])('read budgets over %s', (_, floodEntry) => {
  it('throttles a flooding server, counts what it drops, and keeps a healthy one answering', async () => {
    const engine = await engineWith({ flood: await floodEntry(), good: brokenServer('healthy') }, { readBudget: { messagesPerSecond: 1_000, quietMs: 1_000 } });
    await statusOf(engine, 'good', 'connected', 60_000);
    const throttled = await nextEvent(engine.bus, 'serverState', s => s.id === 'flood' && (s.throttle?.unwatched ?? 0) > 0, 60_000);
    expect(throttled.status).toBe('connected');
    expect(throttled.throttle).toMatchObject({ since: expect.any(Number), pauses: expect.any(Number) });

    // Watch one URI: its updates arrive, far fewer than were sent, and the others stay counted, not forwarded.
    let updates = 0;
    // Counted from when the listener is on to when the count is read, so the bound covers every update counted.
    const countingSince = Date.now();
    engine.bus.on('resourceUpdated', u => u.serverId === 'flood' && u.uri === 'fleet://flood/7' && updates++);
    let others = 0;
    engine.bus.on('resourceUpdated', u => u.serverId === 'flood' && u.uri !== 'fleet://flood/7' && others++);
    await engine.host.dispatch('subscriptions.watch', { serverId: 'flood', uri: 'fleet://flood/7' });
    const healthy: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = Date.now();
      await engine.host.dispatch('resources.list', { serverId: 'good', cacheMode: 'bypass' });
      healthy.push(Date.now() - t);
      await new Promise(r => setTimeout(r, 100));
    }
    const seen = updates;
    const elapsed = Date.now() - countingSince;
    expect(seen).toBeGreaterThan(0);
    // At most one per coalescing interval plus the trailing one, over the time it was counted.
    expect(seen).toBeLessThanOrEqual(Math.ceil(elapsed / defaultReadBudget.coalesceMs) + 2);
    expect(others).toBe(0);
    const state = engine.registry.get('flood').snapshot();
    expect(state.throttle?.pausedMs).toBeGreaterThan(0);
    expect(state.throttle?.coalesced).toBeGreaterThan(0);
    // The healthy server's slowest list stays well under a second (it took seconds before budgets).
    expect(Math.max(...healthy)).toBeLessThan(1_000);
  });
});
