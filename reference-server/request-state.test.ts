// requestState integrity on the 2026-07-28 wire, driven manually (autoFulfill off) so the test can tamper
// with the state the client echoes: bad MAC, another resource, another method, and expiry all give -32602.
// (2025-era connections never see requestState: the server keeps it in process.)
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { isInputRequiredResult, withInputRequired, type Client, type InputRequiredResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProtocolError } from '../test-support/reference-server/scenarios';
import { connectHttp } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';

let server: HttpReferenceServer;
let client: Client;

// The default state lifetime (minutes): a round trip on a loaded machine never outlives it. Expiry has its own
// server with a 1 s lifetime (the last test).
beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', '5']);
  client = await connectHttp(server.url, 'modern', { inputRequired: { autoFulfill: false } });
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

type Round = { inputResponses?: Record<string, unknown>; requestState?: string };

function read(uri: string, round: Round = {}, via: Client = client) {
  return via.request({ method: 'resources/read', params: { uri, ...round } }, withInputRequired(ReadResourceResultSchema), { allowInputRequired: true });
}

async function firstRound(uri: string, via: Client = client): Promise<InputRequiredResult> {
  const r = await read(uri, {}, via);
  expect(isInputRequiredResult(r)).toBe(true);
  return r as InputRequiredResult;
}

const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });

describe('requestState', () => {
  it('completes the vault by hand with the state as minted', async () => {
    const round = await firstRound('ref://input/vault');
    expect(Object.keys(round.inputRequests ?? {})).toEqual(['passphrase']);
    expect(round.requestState).toMatch(/^v1\./);
    const done = await read('ref://input/vault', { inputResponses: { passphrase: accept({ passphrase: 'open sesame' }) }, requestState: round.requestState });
    expect(isInputRequiredResult(done)).toBe(false);
    expect(done).toMatchObject({ contents: [{ text: expect.stringContaining('treasure') }], ttlMs: 0, cacheScope: 'private' });
  });

  it('walks two rounds, each with fresh state', async () => {
    const r1 = await firstRound('ref://input/two-round');
    const r2 = (await read('ref://input/two-round', { inputResponses: { name: accept({ name: 'Grace' }) }, requestState: r1.requestState })) as InputRequiredResult;
    expect(isInputRequiredResult(r2)).toBe(true);
    expect(r2.requestState).not.toBe(r1.requestState);
    const done = await read('ref://input/two-round', { inputResponses: { colour: accept({ colour: 'blue' }) }, requestState: r2.requestState });
    expect(done).toMatchObject({ contents: [{ text: '{"name":"Grace","colour":"blue","rounds":2}' }] });
  });

  it('refuses tampered state', async () => {
    const { requestState } = await firstRound('ref://input/vault');
    const [v, body, mac] = requestState!.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload.p.step = 99;
    const forged = [v, Buffer.from(JSON.stringify(payload)).toString('base64url'), mac].join('.');
    const e = await expectProtocolError(read('ref://input/vault', { inputResponses: { passphrase: accept({ passphrase: 'x' }) }, requestState: forged }), -32602);
    expect(e.message).toMatch(/requestState/);
    await expectProtocolError(read('ref://input/vault', { requestState: requestState!.slice(0, -2) + 'AA' }), -32602);
  });

  it('refuses state minted for another resource or another method', async () => {
    const { requestState } = await firstRound('ref://input/vault');
    const e = await expectProtocolError(read('ref://input/two-round', { inputResponses: { name: accept({ name: 'x' }) }, requestState }), -32602);
    expect(e.data).toMatchObject({ uri: 'ref://input/two-round' });
    await expectProtocolError(client.request({ method: 'prompts/get', params: { name: 'summarize_resource', arguments: { uri: 'x' }, requestState } }), -32602);
  });

  it('refuses expired state', async () => {
    const shortLived = await HttpReferenceServer.start(['--resources', '5', '--request-state-ttl-s', '1']);
    const shortClient = await connectHttp(shortLived.url, 'modern', { inputRequired: { autoFulfill: false } });
    try {
      const { requestState } = await firstRound('ref://input/vault', shortClient);
      // The expiry is kept in whole seconds (now, rounded down, plus the lifetime), so 1 s state lives 1 to 2 s.
      await new Promise(r => setTimeout(r, 2100));
      await expectProtocolError(read('ref://input/vault', { inputResponses: { passphrase: accept({ passphrase: 'open sesame' }) }, requestState }, shortClient), -32602);
    } finally {
      await shortClient.close();
      await shortLived.stop();
    }
  });
});
