// Deadlines against real misbehaving processes: a request to a server that never answers, answers with a
// wrong id, or answers with malformed JSON ends in `timeout` within its deadline, saying where it happened;
// malformed lines are counted in the server's details; the healthy server beside them is untouched.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';

afterAll(cleanup);

describe('deadlines', () => {
  it('ends every request to a silent, wrong-id or malformed server with a timeout naming the server and method', async () => {
    const engine = await engineWith(
      { silent: brokenServer('silent'), wrong: brokenServer('wrong-ids'), malformed: brokenServer('malformed'), good: brokenServer('healthy') },
      { requestTimeoutMs: 1_500 }
    );
    for (const id of ['silent', 'wrong', 'malformed', 'good']) await statusOf(engine, id, 'connected', 60_000);
    const started = Date.now();
    const outcomes = await Promise.all(
      ['silent', 'wrong', 'malformed'].flatMap(serverId => [
        engine.host.dispatch('resources.list', { serverId, cacheMode: 'bypass' }).then(() => 'answered', (e: { error: { code: string; message: string } }) => e.error),
        engine.host.dispatch('resources.read', { serverId, uri: `fleet://${serverId}/0`, cacheMode: 'bypass' }).then(() => 'answered', (e: { error: { code: string; message: string } }) => e.error)
      ])
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const [k, outcome] of outcomes.entries()) {
      const serverId = ['silent', 'wrong', 'malformed'][Math.floor(k / 2)];
      expect(outcome).toMatchObject({ code: 'timeout', message: expect.stringContaining(serverId) });
      expect((outcome as { message: string }).message).toMatch(k % 2 ? /^resources\.read on / : /^resources\.list on /);
    }
    // The healthy one answers at once, and all of them are still connected.
    await expect(engine.host.dispatch('resources.list', { serverId: 'good', cacheMode: 'bypass' })).resolves.toMatchObject({ items: expect.any(Array) });
    for (const id of ['silent', 'wrong', 'malformed', 'good']) expect(engine.registry.get(id).snapshot().status).toBe('connected');
    // Malformed lines were dropped and counted, not fatal.
    const details = engine.registry.details('malformed');
    expect(details.malformedMessages).toBeGreaterThanOrEqual(4);
    expect(engine.registry.details('good').malformedMessages ?? 0).toBe(0);
  });
});
