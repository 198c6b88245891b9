// A stdio server that answers every request with an id it was not sent (test-support/fleet/broken-server.ts --mode
// wrong-ids), against the real engine: the request times out, as the SDK can give the answer to no one, and the
// protocol log marks each such answer as one no request awaits, among the errors.
import { afterAll, describe, expect, it } from 'vitest';
import type { LogPage } from '../../../shared/contract';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';

afterAll(cleanup);

describe('a server that answers with ids it was not sent', () => {
  it('has its answers marked in the protocol log as reaching no request', async () => {
    const engine = await engineWith({ wrong: brokenServer('wrong-ids') }, { requestTimeoutMs: 1_000 });
    await statusOf(engine, 'wrong', 'connected', 30_000);
    await expect(engine.host.dispatch('resources.list', { serverId: 'wrong', cacheMode: 'bypass' })).rejects.toMatchObject({ error: { code: 'timeout' } });
    const errors = (await engine.host.dispatch('log.query', { serverId: 'wrong', errorsOnly: true })) as LogPage;
    const unmatched = errors.entries.filter(e => e.unmatched);
    expect(unmatched.length).toBeGreaterThan(0);
    // The list request went out with its own id; the answer came back with that id + 100,000, paired with nothing.
    const all = (await engine.host.dispatch('log.query', { serverId: 'wrong', method: 'resources/list' })) as LogPage;
    const request = all.entries.find(e => e.direction === 'out' && e.kind === 'request');
    expect(request?.pairSeq).toBeUndefined();
    expect(unmatched.map(e => e.id)).toContain((request?.id as number) + 100_000);
    expect(unmatched.every(e => e.direction === 'in' && e.pairSeq === undefined)).toBe(true);
    // The card says so too, with the last such id (counted whether or not the log records).
    const state = engine.registry.get('wrong').snapshot();
    expect(state.unmatchedAnswers?.count).toBeGreaterThanOrEqual(unmatched.length);
    expect(unmatched.map(e => String(e.id))).toContain(state.unmatchedAnswers?.lastId);
  });
});
