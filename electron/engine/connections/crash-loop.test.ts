// Crash loops against real processes: a server that exits 20 ms after answering `initialize` is not
// restarted forever. Backoff keeps growing across its short-lived handshakes, and after N failures in the
// window it stays in `error` with the reason (count, span, exit code, last stderr lines) until reconnected.
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/contract';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';
import { referenceServerEntry } from '../config/default-server';

afterAll(cleanup);

describe('crash loops', () => {
  it('stops restarting a server that exits after every handshake, says why, and waits for Reconnect', async () => {
    // It exits 300 ms after answering initialize: long enough for every handshake to complete on a loaded
    // machine, far shorter than the stable period.
    const engine = await engineWith(
      { loop: brokenServer('exit-after-init', ['--exit-code', '7', '--exit-ms', '300']), good: referenceServerEntry(['--resources', '5']) },
      { crashLoop: { stableMs: 5_000, maxFailures: 3, windowMs: 60_000 } }
    );
    const states: ServerState[] = [];
    engine.bus.on('serverState', s => s.id === 'loop' && states.push(s));
    const failed = await statusOf(engine, 'loop', 'error', 60_000);
    // The history, not the events (the first ones can pass before this test listens on a loaded machine): each
    // handshake completed and the connection then dropped, and backoff still grew, attempt after attempt.
    const history = engine.registry.details('loop').reconnectHistory;
    expect(history.filter(h => h.delayMs > 0).map(h => h.attempt)).toEqual([1, 2]);
    for (const h of history.slice(0, 2)) expect(h.reason).toMatch(/process exited/);
    expect(failed.nextRetryAt).toBeUndefined();
    expect(failed.lastError?.message).toMatch(/^Crash loop: exited 3 times in \d+ s; exit code 7/);
    expect(failed.lastError?.message).toMatch(/exiting on purpose/);
    expect(failed.lastError?.data).toMatchObject({ crashLoop: { failures: 3, exitCode: 7, signal: null }, stderr: expect.arrayContaining([expect.stringMatching(/exiting on purpose/)]) });
    // It stays there: nothing restarts it by itself.
    const seen = states.length;
    await new Promise(r => setTimeout(r, 1_500));
    expect(states.length).toBe(seen);
    expect(engine.registry.details('loop').pid).toBeUndefined();
    // The healthy server next to it never noticed.
    await statusOf(engine, 'good', 'connected');
    await expect(engine.host.dispatch('resources.list', { serverId: 'good' })).resolves.toMatchObject({ serverId: 'good' });
    // Reconnect starts it again with a fresh count: it connects, then loops into error once more.
    const sinceReconnect = states.length;
    const reconnected = engine.host.dispatch('servers.reconnect', { serverId: 'loop' });
    await statusOf(engine, 'loop', 'connected', 30_000);
    await reconnected;
    await statusOf(engine, 'loop', 'error', 60_000);
    expect(states.slice(sinceReconnect).filter(s => s.status === 'connected')).toHaveLength(3);
  });

  it('resets backoff only once a connection has stayed up for the stable period', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '5']) }, { crashLoop: { stableMs: 1_500, maxFailures: 5, windowMs: 60_000 } });
    await statusOf(engine, 'ref', 'connected');
    process.kill(engine.registry.details('ref').pid as number, 'SIGKILL');
    await statusOf(engine, 'ref', 'reconnecting');
    const back = await statusOf(engine, 'ref', 'connected', 30_000);
    expect(back.reconnectAttempt).toBe(1);
    expect(engine.registry.details('ref').reconnectHistory.at(-1)?.reason).toMatch(/process exited \(killed by SIGKILL\)/);
    await expect.poll(() => engine.registry.get('ref').snapshot().reconnectAttempt, { timeout: 10_000 }).toBe(0);
    expect(engine.registry.get('ref').snapshot().status).toBe('connected');
  });
});
