// A stdio server that writes lines to stdout that are not JSON-RPC (test-support/fleet/broken-server.ts --mode
// malformed: half a JSON object, then plain text, for every request), against the real engine: its state says how
// many such lines came and shows the last, and it stays connected.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { LogPage, ServerDetails, ServerState } from '../../../shared/contract';
import { cleanup, engineWith, nextEvent, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';
import { StdoutNoise } from './stdout-noise';

afterAll(cleanup);

describe("a stdio server's stdout noise", () => {
  it('is counted, its last line shown, at most one state a second', async () => {
    const engine = await engineWith({ noisy: brokenServer('malformed') }, { requestTimeoutMs: 1_000 });
    await statusOf(engine, 'noisy', 'connected', 30_000);
    const states: ServerState[] = [];
    engine.bus.on('serverState', s => void (s.id === 'noisy' && s.stdoutNoise && states.push(s)));
    const noisy = nextEvent(engine.bus, 'serverState', s => s.id === 'noisy' && (s.stdoutNoise?.lines ?? 0) >= 6, 10_000);
    // Each request makes the server write two broken lines; the replies never match, so each times out.
    await Promise.allSettled([1, 2, 3].map(() => engine.host.dispatch('resources.list', { serverId: 'noisy', cacheMode: 'bypass' })));
    const state = await noisy;
    expect(state.stdoutNoise).toMatchObject({ lines: 6, last: expect.stringMatching(/^(not json at all|\{"jsonrpc":"2\.0","id":)$/) });
    expect(state.status).toBe('connected');
    // The server's details count the same lines (one counter).
    expect(((await engine.host.dispatch('servers.details', { serverId: 'noisy' })) as ServerDetails).malformedMessages).toBeGreaterThanOrEqual(6);
    // The first line is told at once, the rest gathered: fewer states than lines.
    expect(states.length).toBeLessThan(6);
    // Each line is in the protocol log where it came, as written, among the errors.
    const log = (await engine.host.dispatch('log.query', { serverId: 'noisy', errorsOnly: true })) as LogPage;
    const stray = log.entries.filter(e => e.kind === 'not-json-rpc');
    expect(stray.length).toBe(state.stdoutNoise?.lines);
    expect(stray.every(e => e.direction === 'in' && typeof e.message === 'string')).toBe(true);
    expect(new Set(stray.map(e => e.message))).toEqual(new Set(['not json at all', expect.stringMatching(/^\{"jsonrpc":"2\.0","id":/)]));
  });
});

describe('StdoutNoise', () => {
  afterEach(() => void vi.useRealTimers());

  it('puts at most 100 lines a second in the protocol log, and counts every one', () => {
    vi.useFakeTimers();
    const logged: string[] = [];
    const noise = new StdoutNoise('loop', () => undefined, line => logged.push(line));
    // A server printing in a loop: 250 lines in the same second.
    for (let k = 0; k < 250; k++) noise.note(`line ${k}`);
    expect(logged).toHaveLength(100);
    expect(logged.at(-1)).toBe('line 99');
    vi.advanceTimersByTime(1_000);
    noise.note('a second later');
    expect(logged.at(-1)).toBe('a second later');
    expect(noise.lines).toBe(251);
    noise.dispose();
  });
});
