// The reference server over real stdio (a child process per connection), driven by the real SDK client on both
// eras, plus the stdio contract: stdout carries nothing but JSON-RPC, logs go to stderr.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkErrors, checkInputRequired, checkLargeBlob, checkListing, checkNotifications, checkReadKinds, checkSandbox } from '../test-support/reference-server/scenarios';
import { LARGE_BLOB_BYTES } from './showcase';
import { connectStdio, eventually, type ClientEra } from '../test-support/reference-server/harness';
import { spawnReferenceServer } from '../test-support/reference-server/launch';

const CATALOG = 120;
const PAGE = 25;
const SLOW_MS = 4000;
const ARGS = ['--resources', String(CATALOG), '--page-size', String(PAGE), '--update-interval-ms', '150', '--slow-ms', String(SLOW_MS)];

describe.each<ClientEra>(['modern', 'legacy'])('over stdio, %s client', era => {
  let client: Client;
  beforeAll(async () => {
    const connected = await connectStdio(era, ARGS);
    client = connected.client;
    // Drained so the child never blocks on a full pipe; what goes to stderr is checked under 'stdio output'.
    connected.transport.stderr?.on('data', () => undefined);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the expected era', () => {
    expect(client.getProtocolEra()).toBe(era);
  });
  it('lists every resource across pages', () => checkListing(client, era, CATALOG, PAGE));
  it('reads every kind of content, including the 5 MB blob', async () => {
    await checkReadKinds(client);
    await checkLargeBlob(client, LARGE_BLOB_BYTES);
  });
  it('serves the file sandbox and refuses traversal', () => checkSandbox(client));
  it('asks for input before reading', () => checkInputRequired(client));
  it('answers errors with the spec codes', () => checkErrors(client, SLOW_MS));
  it('delivers resource updates and list_changed', () => checkNotifications(client, era));
});

describe('stdio output', () => {
  it('puts only JSON-RPC messages on stdout', async () => {
    const child = spawnReferenceServer(['--update-interval-ms', '50']);
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const send = (m: object) => child.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'ref://live/clock' } });
    send({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'ref://samples/readme.txt' } });
    await eventually(() => (out.includes('"id":3') && out.includes('notifications/resources/updated') ? true : undefined), 20_000);
    const exited = new Promise(r => child.once('exit', r));
    child.stdin.end(); // a stdio server exits when its client goes away
    await exited;
    const lines = out.split('\n').filter(l => l.length > 0);
    expect(lines.length).toBeGreaterThanOrEqual(4); // 3 responses + at least one update notification
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(lines.some(l => l.includes('notifications/resources/updated'))).toBe(true);
    // Its log went to stderr instead.
    expect(err).toMatch(/^\[reference-server\] serving over stdio/m);
    expect(err).toMatch(/^\[reference-server\] stdio connection opened \(2025-11-25 era\)/m);
  });
});
