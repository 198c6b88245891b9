// Error shapes as an SDK client sees them, on both eras and both wires: only a missing resource answers -32602
// with data exactly `{ uri }` (which the SDK client turns into ResourceNotFoundError); every other invalid-params
// error (search limit, sandbox size limit and refusals, a requestState minted for another resource, a bad cursor)
// names its reason, and the SDK client must not take it for "not found".
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { ProtocolError, ResourceNotFoundError, withInputRequired, type Client, type InputRequiredResult } from '@modelcontextprotocol/client';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ClientEra } from '../test-support/reference-server/harness';
import { eachEraAndWire, serverOnOwnSandbox } from '../test-support/reference-server/wires';

const MAX_FILE_BYTES = 1024 * 1024;
// A sandbox that is not empty is served as it is: just one file one byte over the size limit.
const target = serverOnOwnSandbox(['--resources', '5'], dir => writeFileSync(join(dir, 'big.bin'), Buffer.alloc(MAX_FILE_BYTES + 1, 7)));

async function failure(p: Promise<unknown>): Promise<ProtocolError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e, 'expected the request to fail').toBeInstanceOf(ProtocolError);
  return e as ProtocolError;
}

/** -32602 with a reason, which the SDK client does not mistake for a missing resource. */
async function expectInvalidParams(p: Promise<unknown>, data: Record<string, unknown>): Promise<void> {
  const e = await failure(p);
  expect(e.code).toBe(-32602);
  expect(e).not.toBeInstanceOf(ResourceNotFoundError);
  expect(e.data).toEqual(data);
}

async function checkShapes(client: Client, era: ClientEra): Promise<void> {
  // The one shape that means "not found".
  const missing = await failure(client.readResource({ uri: 'ref://nothing/here' }));
  expect(missing).toBeInstanceOf(ResourceNotFoundError);
  expect(missing.data).toEqual({ uri: 'ref://nothing/here' });
  expect(await failure(client.readResource({ uri: 'file:///no/such/file.txt' }))).toBeInstanceOf(ResourceNotFoundError);

  for (const [limit, reason] of [['500', 'limit-too-large'], ['0', 'limit-too-small'], ['ten', 'limit-not-an-integer']]) {
    const uri = `ref://search?limit=${limit}`;
    await expectInvalidParams(client.readResource({ uri }), { uri, reason, requested: limit, min: 1, max: 100 });
  }
  await expectInvalidParams(client.readResource({ uri: 'file:///big.bin' }), {
    uri: 'file:///big.bin', reason: 'file-too-large', size: MAX_FILE_BYTES + 1, max: MAX_FILE_BYTES
  });
  await expectInvalidParams(client.readResource({ uri: 'file:///../etc/hostname' }), { uri: 'file:///../etc/hostname', reason: 'path-traversal' });
  const cursor = await failure(client.listResources({ cursor: 'not-a-cursor' }));
  expect(cursor.code).toBe(-32602);
  expect(cursor).not.toBeInstanceOf(ResourceNotFoundError);

  if (era === 'modern') {
    // requestState exists on the 2026-07-28 wire only (2025 connections keep it in the server).
    const read = (uri: string, extra: Record<string, unknown> = {}) =>
      client.request({ method: 'resources/read', params: { uri, ...extra } }, withInputRequired(ReadResourceResultSchema), { allowInputRequired: true });
    const round = (await read('ref://input/vault')) as InputRequiredResult;
    expect(round.requestState).toEqual(expect.any(String));
    const answer = { name: { action: 'accept', content: { name: 'Ada' } } };
    await expectInvalidParams(read('ref://input/two-round', { inputResponses: answer, requestState: round.requestState }), {
      uri: 'ref://input/two-round', reason: 'request-state-mismatch'
    });
    // A tampered state is refused by the SDK's codec, with its own reason.
    const tampered = await failure(read('ref://input/vault', { inputResponses: answer, requestState: `${round.requestState}-TAMPERED` }));
    expect(tampered.code).toBe(-32602);
    expect(tampered).not.toBeInstanceOf(ResourceNotFoundError);
  }
}

eachEraAndWire('error shapes', target, checkShapes, { inputRequired: { autoFulfill: false } });
