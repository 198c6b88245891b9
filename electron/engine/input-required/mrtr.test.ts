// Input-required reads through the engine against the real reference server, on both eras and both
// transports: 2026-07-28 servers answer `input_required` (the SDK retries with inputResponses and the
// echoed requestState); 2025-11-25 servers push `elicitation/create` while the read is pending. The test
// plays the user: it answers each `inputRequested` event through `input.answer`, as the dialog does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheSnapshot, InputAnswer, LogPage, PendingInputRequest, ReadResult } from '../../../shared/contract';
import type { Engine } from '../engine';
import { cleanup, nextEvent } from '../../../test-support/engine/engine-harness';
import { engineOnReference, eraMatrix } from '../../../test-support/engine/reference-eras';
import { TWO_ROUND_URI, URL_MODE_URI, VAULT_PASSPHRASE, VAULT_SECRET, VAULT_URI } from '../../../reference-server/input-required';

afterAll(cleanup);

/** Answers the read's input requests one after the other with `answers`, recording what was asked. */
function user(engine: Engine, answers: InputAnswer[]) {
  const asked: PendingInputRequest[] = [];
  const off = engine.bus.on('inputRequested', request => {
    asked.push(request);
    const answer = answers.shift();
    if (answer) void engine.host.dispatch('input.answer', { id: request.id, answer });
  });
  return { asked, stop: off };
}

async function read(engine: Engine, uri: string, answers: InputAnswer[]) {
  const u = user(engine, answers);
  try {
    const result = (await engine.host.dispatch('resources.read', { serverId: 'ref', uri, cacheMode: 'bypass' })) as ReadResult;
    return { result, asked: u.asked, text: result.contents[0]?.kind === 'text' ? result.contents[0].text : undefined };
  } finally {
    u.stop();
  }
}

const accept = (content: Record<string, string>): InputAnswer => ({ action: 'accept', content });

describe.each(eraMatrix)('%s era over %s', (era, via) => {
  let engine: Engine;
  beforeAll(async () => {
    ({ engine } = await engineOnReference(era, via, ['--resources', '5']));
  }, 90_000);

  it('unlocks the vault after a wrong passphrase, counting rounds', async () => {
    const { result, asked, text } = await read(engine, VAULT_URI, [accept({ passphrase: 'wrong' }), accept({ passphrase: VAULT_PASSPHRASE })]);
    expect(text).toBe(VAULT_SECRET);
    expect(result.inputRounds).toBe(2);
    expect(asked.map(a => [a.uri, a.round, a.maxRounds])).toEqual([[VAULT_URI, 1, 5], [VAULT_URI, 2, 5]]);
    expect(asked[0].request).toMatchObject({ mode: 'form', message: 'Enter the vault passphrase' });
    expect(asked[1].request).toMatchObject({ mode: 'form', message: 'Wrong passphrase. 2 attempt(s) left.' });
    // The schema reaches the UI as plain JSON Schema, without the `$schema` key.
    const schema = asked[0].request.mode === 'form' ? asked[0].request.requestedSchema : {};
    expect(schema).toMatchObject({ type: 'object', properties: { passphrase: { type: 'string' } } });
    expect(schema).not.toHaveProperty('$schema');
    await expect(engine.host.dispatch('input.pending', {})).resolves.toEqual([]);
  });

  it('passes decline and cancel to the server, which keeps the vault locked', async () => {
    const declined = await read(engine, VAULT_URI, [{ action: 'decline' }]);
    expect(declined.text).toBe('The vault stays locked: the passphrase request was declined.');
    expect(declined.result.inputRounds).toBe(1);
    const cancelled = await read(engine, VAULT_URI, [{ action: 'cancel' }]);
    expect(cancelled.text).toBe('The vault stays locked: the passphrase request was cancelled.');
  });

  it('goes through both rounds of the two-round resource', async () => {
    const { result, asked, text } = await read(engine, TWO_ROUND_URI, [accept({ name: 'Ada' }), accept({ colour: 'green' })]);
    expect(JSON.parse(text ?? '')).toEqual({ name: 'Ada', colour: 'green', rounds: 2 });
    expect(result.inputRounds).toBe(2);
    expect(asked.map(a => a.round)).toEqual([1, 2]);
    expect(asked[1].request).toMatchObject({ mode: 'form', message: 'Round 2 of 2: Ada, pick a colour' });
    const colour = asked[1].request.mode === 'form' ? asked[1].request.requestedSchema : {};
    expect(colour).toMatchObject({ properties: { colour: { enum: ['red', 'green', 'blue'] } } });
  });

  it('offers a URL-mode request and completes after the user accepts', async () => {
    const { asked, text } = await read(engine, URL_MODE_URI, [{ action: 'accept' }]);
    expect(asked).toHaveLength(1);
    const request = asked[0].request;
    expect(request.mode).toBe('url');
    const url = request.mode === 'url' ? new URL(request.url) : undefined;
    expect(url?.origin).toBe('https://example.com');
    expect(text).toBe(`Authorized through the browser (request ${url?.searchParams.get('request')}).`);
  });

  // The vault's answer carries no-store hints, so this shows the flow, not the cache's MRTR guard (that is
  // fixture-only.test.ts, with a result the server marks cacheable).
  it('asks again on every read of an input-required resource', async () => {
    await read(engine, VAULT_URI, [accept({ passphrase: VAULT_PASSPHRASE })]);
    const u = user(engine, [accept({ passphrase: VAULT_PASSPHRASE })]);
    const again = (await engine.host.dispatch('resources.read', { serverId: 'ref', uri: VAULT_URI })) as ReadResult;
    u.stop();
    expect(u.asked).toHaveLength(1);
    expect(again.cache.state).not.toBe('fresh');
    const snapshot = (await engine.host.dispatch('cache.snapshot', {})) as CacheSnapshot;
    expect(snapshot.entries.filter(e => e.params === VAULT_URI)).toEqual([]);
  });

  it('stops asking at the round cap', async () => {
    // An answer the server does not accept makes it ask for the colour again, forever.
    const { asked, outcome } = await (async () => {
      const u = user(engine, [accept({ name: 'Ada' }), ...Array.from({ length: 10 }, () => accept({ colour: 'purple' }))]);
      const outcome = await engine.host.dispatch('resources.read', { serverId: 'ref', uri: TWO_ROUND_URI }).then(
        value => ({ value: value as ReadResult }),
        (error: { error: { code: string } }) => ({ error: error.error })
      );
      u.stop();
      return { asked: u.asked, outcome };
    })();
    expect(asked.map(a => a.round)).toEqual([1, 2, 3, 4, 5]);
    if (era === 'modern') {
      // The SDK refuses a sixth round: the read fails with a typed error.
      expect(outcome).toMatchObject({ error: { code: 'input_required' } });
    } else {
      // A 2025 server pushes requests itself: past the cap the broker answers cancel without asking.
      expect(outcome).toMatchObject({ value: { contents: [{ text: expect.stringMatching(/^Stopped at round 2: cancel/) }] } });
    }
  });

  it('withdraws the dialog when the read is cancelled', async () => {
    const asked = nextEvent(engine.bus, 'inputRequested', r => r.uri === VAULT_URI);
    const reading = engine.host.dispatch('resources.read', { serverId: 'ref', uri: VAULT_URI, requestId: `cancel-${era}-${via}` });
    const request = await asked;
    const resolved = nextEvent(engine.bus, 'inputResolved', r => r.id === request.id);
    await expect(engine.host.dispatch('request.cancel', { requestId: `cancel-${era}-${via}` })).resolves.toEqual({ cancelled: true });
    await expect(reading).rejects.toMatchObject({ error: { code: 'cancelled' } });
    await resolved;
    await expect(engine.host.dispatch('input.answer', { id: request.id, answer: { action: 'decline' } })).resolves.toEqual({ accepted: false });
    await expect(engine.host.dispatch('input.pending', {})).resolves.toEqual([]);
  });

  if (era === 'modern') {
    it('echoes requestState byte for byte on each retry and sends the answers as inputResponses', async () => {
      const before = ((await engine.host.dispatch('log.query', { serverId: 'ref' })) as LogPage).entries.at(-1)?.seq ?? 0;
      await read(engine, TWO_ROUND_URI, [accept({ name: 'Grace' }), accept({ colour: 'red' })]);
      const page = (await engine.host.dispatch('log.query', { serverId: 'ref', method: 'resources/read', afterSeq: before })) as LogPage;
      type Frame = { params?: { requestState?: string; inputResponses?: Record<string, unknown> }; result?: { resultType?: string; requestState?: string } };
      const frames = page.entries.map(e => ({ direction: e.direction, message: e.message as Frame }));
      const issued = frames.filter(f => f.direction === 'in' && f.message.result?.resultType === 'input_required').map(f => f.message.result?.requestState);
      const echoed = frames.filter(f => f.direction === 'out' && f.message.params?.requestState !== undefined).map(f => f.message.params);
      expect(issued).toHaveLength(2);
      expect(issued.every(s => typeof s === 'string' && s.length > 0)).toBe(true);
      expect(echoed.map(p => p?.requestState)).toEqual(issued);
      expect(echoed.map(p => Object.keys(p?.inputResponses ?? {}))).toEqual([['name'], ['colour']]);
    });
  }
});

describe.concurrent('the read timeout while the user answers', () => {
  // Generous against a loaded machine: the timeout must cover a real round trip, the dialog outlasts it.
  const requestTimeoutMs = 8000;

  it.each(['modern', 'legacy'] as const)('%s: a dialog left open longer than the request timeout does not fail the read', async era => {
    const { engine } = await engineOnReference(era, 'stdio', ['--resources', '5'], { requestTimeoutMs });
    const asked = nextEvent(engine.bus, 'inputRequested', r => r.uri === VAULT_URI, 30_000);
    const reading = engine.host.dispatch('resources.read', { serverId: 'ref', uri: VAULT_URI }).then(
      value => ({ value }),
      (error: unknown) => ({ error })
    );
    const request = await Promise.race([
      asked,
      reading.then(outcome => {
        throw new Error(`the read ended before asking: ${JSON.stringify(outcome)}`);
      })
    ]);
    await new Promise(resolve => setTimeout(resolve, requestTimeoutMs + 1500));
    await engine.host.dispatch('input.answer', { id: request.id, answer: { action: 'accept', content: { passphrase: VAULT_PASSPHRASE } } });
    expect(await reading).toMatchObject({ value: { contents: [{ text: VAULT_SECRET }], inputRounds: 1 } });
  }, 90_000);

  it('still times out a read whose server is slow', async () => {
    const { engine } = await engineOnReference('legacy', 'stdio', ['--resources', '5', '--slow-ms', '30000'], { requestTimeoutMs });
    const startedAt = Date.now();
    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri: 'ref://errors/slow' })).rejects.toMatchObject({
      error: { code: 'timeout', message: `resources.read on ref: Request timed out after ${requestTimeoutMs} ms` }
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(requestTimeoutMs - 50);
    expect(Date.now() - startedAt).toBeLessThan(20_000);
  }, 90_000);
});

describe('a server that goes away while asking', { timeout: 90_000 }, () => {
  it('withdraws the pending request and fails the read', async () => {
    const { engine } = await engineOnReference('modern', 'stdio', ['--resources', '5']);
    const asked = nextEvent(engine.bus, 'inputRequested', r => r.uri === VAULT_URI);
    const reading = engine.host.dispatch('resources.read', { serverId: 'ref', uri: VAULT_URI });
    const request = await asked;
    const resolved = nextEvent(engine.bus, 'inputResolved', r => r.id === request.id);
    process.kill(engine.registry.details('ref').pid as number, 'SIGKILL');
    await resolved;
    await expect(reading).rejects.toMatchObject({ error: { code: expect.stringMatching(/transport|cancelled/) } });
    await expect(engine.host.dispatch('input.pending', {})).resolves.toEqual([]);
  });
});
