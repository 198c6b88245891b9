// Multi-round-trip reads checked the way the conformance suite's input-required-result-* scenarios check tools
// (which a resource server does not offer), on resources/read:
// - by hand on the 2026-07-28 wire (autoFulfill off), over HTTP and stdio: explicit resultType, no cache hints
//   on interim results, requestState round trips, a tampered state refused, several rounds with fresh state,
//   several inputs in one round, a retry that lacks an input asked again (not an error), extra keys ignored,
//   malformed responses never completing the read;
// - with the SDK's automatic fulfilment on both eras and both wires: several inputs in one round;
// - capabilities: a client that declares no elicitation is refused on both eras.
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import {
  isInputRequiredResult, MissingRequiredClientCapabilityError, ProtocolError, ResourceNotFoundError, withInputRequired,
  type Client, type ClientOptions, type InputRequiredResult
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerElicitations } from '../test-support/reference-server/scenarios';
import { type ClientEra } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { connectOver, type Wire } from '../test-support/reference-server/wires';

const ARGS = ['--resources', '5'];
let server: HttpReferenceServer;
beforeAll(async () => {
  server = await HttpReferenceServer.start(ARGS);
});
afterAll(async () => {
  await server?.stop();
});

const connect = (wire: Wire, era: ClientEra, options: ClientOptions = {}) => connectOver(wire, era, { url: server.url, args: ARGS }, options);

type Round = { inputResponses?: Record<string, unknown>; requestState?: string };
type Outcome = InputRequiredResult | (Record<string, unknown> & { contents: Array<{ text?: string }> });
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

function reader(client: Client) {
  return (uri: string, round: Round = {}) => client.request(
    { method: 'resources/read', params: { uri, ...round } }, withInputRequired(ReadResourceResultSchema), { allowInputRequired: true }
  ) as Promise<Outcome>;
}

function interim(r: Outcome): InputRequiredResult {
  expect(isInputRequiredResult(r), 'an input-required result').toBe(true);
  return r as InputRequiredResult;
}

function complete(r: Outcome): { text: string; ttlMs?: unknown; cacheScope?: unknown } {
  expect(isInputRequiredResult(r), 'a complete result').toBe(false);
  const done = r as { contents: Array<{ text: string }>; ttlMs?: unknown; cacheScope?: unknown };
  return { text: done.contents[0].text, ttlMs: done.ttlMs, cacheScope: done.cacheScope };
}

const methods = (r: InputRequiredResult) => Object.fromEntries(Object.entries(r.inputRequests ?? {}).map(([k, v]) => [k, (v as { method: string }).method]));

describe.each<Wire>(['http', 'stdio'])('input required on resources/read, by hand (2026-07-28 over %s)', wire => {
  let client: Client;
  let read: ReturnType<typeof reader>;
  beforeAll(async () => {
    client = await connect(wire, 'modern', { inputRequired: { autoFulfill: false } });
    read = reader(client);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('round-trips requestState: explicit resultType, no cache hints until the read completes', async () => {
    const r1 = interim(await read('ref://input/vault'));
    expect(r1.resultType).toBe('input_required');
    expect(r1).not.toHaveProperty('ttlMs');
    expect(r1).not.toHaveProperty('cacheScope');
    expect(methods(r1)).toEqual({ passphrase: 'elicitation/create' });
    expect(r1.requestState).toEqual(expect.any(String));
    const done = complete(await read('ref://input/vault', { inputResponses: { passphrase: accept({ passphrase: 'open sesame' }) }, requestState: r1.requestState }));
    expect(done.text).toContain('treasure');
    // A result that depends on the answers given must not be cached.
    expect(done).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it('refuses a tampered requestState with an error, never a result', async () => {
    const r1 = interim(await read('ref://input/vault'));
    const e = await read('ref://input/vault', { inputResponses: { passphrase: accept({ passphrase: 'open sesame' }) }, requestState: `${r1.requestState}-TAMPERED` })
      .then(() => undefined, (err: unknown) => err);
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as ProtocolError).code).toBe(-32602);
    expect(e).not.toBeInstanceOf(ResourceNotFoundError);
  });

  it('walks several rounds, each with a new requestState', async () => {
    const r1 = interim(await read('ref://input/two-round'));
    expect(methods(r1)).toEqual({ name: 'elicitation/create' });
    const r2 = interim(await read('ref://input/two-round', { inputResponses: { name: accept({ name: 'Alice' }) }, requestState: r1.requestState }));
    expect(methods(r2)).toEqual({ colour: 'elicitation/create' });
    expect(r2.requestState).toEqual(expect.any(String));
    expect(r2.requestState).not.toBe(r1.requestState);
    const done = complete(await read('ref://input/two-round', { inputResponses: { colour: accept({ colour: 'blue' }) }, requestState: r2.requestState }));
    expect(JSON.parse(done.text)).toEqual({ name: 'Alice', colour: 'blue', rounds: 2 });
  });

  it('asks several inputs in one round, and completes once all are answered (extra keys ignored)', async () => {
    const r1 = interim(await read('ref://input/two-at-once'));
    expect(methods(r1)).toEqual({ name: 'elicitation/create', colour: 'elicitation/create' });
    const done = complete(await read('ref://input/two-at-once', {
      inputResponses: { name: accept({ name: 'Alice' }), colour: accept({ colour: 'green' }), unknown_extra_key: accept({ foo: 'bar' }) },
      requestState: r1.requestState
    }));
    expect(JSON.parse(done.text)).toEqual({ name: 'Alice', colour: 'green' });
  });

  it('asks again for what a retry lacks, instead of failing', async () => {
    // Wrong keys and no state: asked again from the start.
    expect(methods(interim(await read('ref://input/two-at-once', { inputResponses: { wrong_key: accept({ data: 'x' }) } })))).toEqual({ name: 'elicitation/create', colour: 'elicitation/create' });
    // One of two answered: only the other is asked again, and the first is kept.
    const r1 = interim(await read('ref://input/two-at-once'));
    const r2 = interim(await read('ref://input/two-at-once', { inputResponses: { name: accept({ name: 'Bob' }) }, requestState: r1.requestState }));
    expect(methods(r2)).toEqual({ colour: 'elicitation/create' });
    const done = complete(await read('ref://input/two-at-once', { inputResponses: { colour: accept({ colour: 'red' }) }, requestState: r2.requestState }));
    expect(JSON.parse(done.text)).toEqual({ name: 'Bob', colour: 'red' });
  });

  it('never completes a read on malformed responses', async () => {
    const r1 = interim(await read('ref://input/two-at-once'));
    const outcome = await read('ref://input/two-at-once', { inputResponses: { name: 'garbage', colour: 42 }, requestState: r1.requestState })
      .then(r => r, (e: unknown) => e);
    // The spec allows either an error or a new input-required result; never the data.
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(ProtocolError);
    else expect(methods(interim(outcome as Outcome))).toEqual({ name: 'elicitation/create', colour: 'elicitation/create' });
  });
});

describe.each<[Wire, ClientEra]>([['http', 'modern'], ['http', 'legacy'], ['stdio', 'modern'], ['stdio', 'legacy']])('input required on resources/read over %s, %s client', (wire, era) => {
  it('fulfils several inputs of one round automatically', async () => {
    const client = await connect(wire, era);
    try {
      // The two requests of the round may come in either order: each is answered by what it asks.
      const answer = (req: { message: string }) => ({ action: 'accept' as const, content: (req.message.includes('name') ? { name: 'Ada' } : { colour: 'green' }) as Record<string, string> });
      const asked = answerElicitations(client, [answer, answer]);
      const result = await client.readResource({ uri: 'ref://input/two-at-once' });
      expect(JSON.parse((result.contents[0] as { text: string }).text)).toEqual({ name: 'Ada', colour: 'green' });
      expect(asked.map(a => a.message).sort()).toEqual(['Your favourite colour?', 'Your name?']);
    } finally {
      await client.close();
    }
  });

  it('refuses a client that declares no elicitation', async () => {
    const client = await connect(wire, era, { capabilities: {} });
    try {
      const e = await client.readResource({ uri: 'ref://input/vault' }).then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(ProtocolError);
      if (era === 'modern') {
        // 2026-07-28: -32021, naming the capability the client would have to declare.
        expect(e).toBeInstanceOf(MissingRequiredClientCapabilityError);
        expect((e as MissingRequiredClientCapabilityError).requiredCapabilities).toEqual({ elicitation: { form: {} } });
      } else {
        // 2025-11-25 has no code for it: the SDK's legacy fulfilment answers -32603 and says why.
        expect((e as ProtocolError).code).toBe(-32603);
        expect((e as Error).message).toMatch(/did not declare the required capability/);
      }
    } finally {
      await client.close();
    }
  });

  it.runIf(era === 'modern')('refuses URL-mode input to a client that declares form mode only', async () => {
    const client = await connect(wire, era, { capabilities: { elicitation: { form: {} } } });
    try {
      const e = await client.readResource({ uri: 'ref://input/url-mode' }).then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(MissingRequiredClientCapabilityError);
      expect((e as MissingRequiredClientCapabilityError).requiredCapabilities).toEqual({ elicitation: { url: {} } });
    } finally {
      await client.close();
    }
  });
});
