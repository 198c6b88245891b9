// The broker on its own (no server): attribution, rounds, answers, withdrawal and untrusted params.
// The end-to-end rounds against the real reference server are in mrtr.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingInputRequest } from '../../../shared/contract';
import { EventBus } from '../event-bus';
import { InputBroker } from './input-broker';

const form = { mode: 'form', message: 'Passphrase?', requestedSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { pass: { type: 'string' } } } };

let broker: InputBroker | undefined;
afterEach(() => broker?.dispose());

/** A read's limits that never fire on their own. */
const limits = { signal: new AbortController().signal, timeoutMs: 60_000 };
const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

function setup(maxRounds = 3) {
  const bus = new EventBus();
  const requested: PendingInputRequest[] = [];
  const resolved: string[] = [];
  bus.on('inputRequested', r => requested.push(r));
  bus.on('inputResolved', r => resolved.push(r.id));
  broker = new InputBroker(bus, { maxRounds });
  return { bus, broker, requested, resolved };
}

describe('InputBroker', () => {
  it('turns an elicitation into a pending request and resolves it with the answer', async () => {
    const { broker, requested, resolved } = setup();
    const result = broker.withReadContext('s1', 'vault://secret', limits, () => broker.elicit('s1', form));
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({ serverId: 's1', uri: 'vault://secret', round: 1, maxRounds: 3 });
    expect(requested[0].request).toEqual({ mode: 'form', message: 'Passphrase?', requestedSchema: { type: 'object', properties: { pass: { type: 'string' } } } });
    expect(broker.pending().map(p => p.id)).toEqual([requested[0].id]);
    expect(broker.answer(requested[0].id, { action: 'accept', content: { pass: 'open sesame' } })).toBe(true);
    await expect(result).resolves.toEqual({ action: 'accept', content: { pass: 'open sesame' } });
    expect(resolved).toEqual([requested[0].id]);
    expect(broker.pending()).toEqual([]);
    expect(broker.answer(requested[0].id, { action: 'decline' })).toBe(false);
  });

  it('counts rounds: requests dispatched together share a round, the next batch starts a new one', async () => {
    const { broker, requested } = setup(5);
    let rounds = -1;
    const read = broker.withReadContext('s1', 'two://rounds', limits, async ctx => {
      const first = [broker.elicit('s1', form), broker.elicit('s1', form)];
      for (const r of requested.slice(0, 2)) broker.answer(r.id, { action: 'decline' });
      await Promise.all(first);
      const second = broker.elicit('s1', form);
      broker.answer(requested[2].id, { action: 'cancel' });
      await second;
      rounds = ctx.rounds;
    });
    await read;
    expect(requested.map(r => r.round)).toEqual([1, 1, 2]);
    expect(rounds).toBe(2);
  });

  it('cancels on its own beyond the round cap (a 2025 server could push forever)', async () => {
    const { broker, requested } = setup(1);
    await broker.withReadContext('s1', 'loop://', limits, async () => {
      const first = broker.elicit('s1', form);
      broker.answer(requested[0].id, { action: 'accept', content: {} });
      await first;
      await expect(broker.elicit('s1', form)).resolves.toEqual({ action: 'cancel' });
    });
    expect(requested).toHaveLength(1);
  });

  it('withdraws a request when its read is aborted or its server drops', async () => {
    const { bus, broker, requested, resolved } = setup();
    const abort = new AbortController();
    const aborted = broker.elicit('s1', form, abort.signal);
    const dropped = broker.elicit('s2', form);
    abort.abort('user cancelled the read');
    await expect(aborted).rejects.toMatchObject({ error: { code: 'cancelled', message: expect.stringMatching(/withdrawn: user cancelled the read/) } });
    bus.emit('serverState', { id: 's2', transport: 'stdio', status: 'reconnecting', reconnectAttempt: 1, endpoint: 'x' });
    await expect(dropped).rejects.toMatchObject({ error: { code: 'transport', message: expect.stringMatching(/s2 is reconnecting/) } });
    expect(resolved).toEqual(requested.map(r => r.id));
    expect(broker.pending()).toEqual([]);
  });

  it('offers URL mode only for http(s) links and refuses malformed requests', async () => {
    const { broker, requested } = setup();
    const opened = broker.elicit('s1', { mode: 'url', message: 'Sign in', url: 'https://example.com/auth?x=1', elicitationId: 'e1' });
    expect(requested[0].request).toEqual({ mode: 'url', message: 'Sign in', url: 'https://example.com/auth?x=1', elicitationId: 'e1' });
    broker.answer(requested[0].id, { action: 'accept' });
    await expect(opened).resolves.toEqual({ action: 'accept' });
    expect(() => broker.elicit('s1', { mode: 'url', message: 'x', url: 'javascript:alert(1)' })).toThrow(/not http\(s\)/);
    expect(() => broker.elicit('s1', { message: 42 })).toThrow(/Malformed elicitation request/);
    expect(requested).toHaveLength(1);
  });

  it('pauses the read timeout while the user is asked, and runs it again afterwards', async () => {
    const { broker, requested } = setup();
    const timeoutMs = 400;
    const read = broker.withReadContext('s1', 'slow://user', { signal: new AbortController().signal, timeoutMs }, async ctx => {
      expect(ctx.timeoutMs).toBeGreaterThan(24 * 60 * 60 * 1000);
      const answered = broker.elicit('s1', form);
      // Three timeouts long with the dialog open: nothing fires.
      await wait(timeoutMs * 3);
      expect(ctx.signal.aborted).toBe(false);
      broker.answer(requested[0].id, { action: 'decline' });
      await answered;
      const timedOut = new Promise(resolve => ctx.signal.addEventListener('abort', resolve, { once: true }));
      const startedAt = Date.now();
      await timedOut;
      return { after: Date.now() - startedAt, reason: ctx.signal.reason as Error };
    });
    const { after, reason } = await read;
    // It runs again with the read's own timeout (not the paused "never"); the bound leaves room for late timers.
    expect(after).toBeLessThan(timeoutMs * 10);
    expect(reason.message).toMatch(/timed out after 400 ms \(time spent waiting for your input not counted\)/);
  });

  it("passes the caller's abort through to the read's signal", async () => {
    const { broker } = setup();
    const caller = new AbortController();
    await broker.withReadContext('s1', 'x://', { signal: caller.signal, timeoutMs: 60_000 }, async ctx => {
      caller.abort(new Error('user cancelled'));
      expect(ctx.signal.aborted).toBe(true);
      expect((ctx.signal.reason as Error).message).toBe('user cancelled');
    });
  });
});
