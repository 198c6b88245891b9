// The tap on real transports: the SDK client talks to the bundled reference server over real stdio
// (the engine's transport, which the era is probed on in place) and real Streamable HTTP, on both eras, and every
// frame (the era probe included) is in the log.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceServerEntry } from '../config/default-server';
import { StdioProbedInPlace } from '../connections/transports/stdio';
import { HttpReferenceServer } from '../../../test-support/reference-server/http-server';
import type { LogEntry } from '../../../shared/contract';
import { EventBus } from '../event-bus';
import { logHandlers } from './handlers';
import { ProtocolLog } from './protocol-log';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const STATIC_TEXT = 'test://static-text';

function newLog() {
  const log = new ProtocolLog({ bus: new EventBus(), flushMs: 5 });
  cleanups.push(async () => log.flush());
  return log;
}

function stdioTransport(args: string[] = []): StdioProbedInPlace {
  const entry = referenceServerEntry(args);
  return new StdioProbedInPlace({ command: entry.command, args: entry.args, cwd: entry.cwd, env: { ...getDefaultEnvironment(), ...entry.env }, stderr: 'pipe' });
}

async function connect(log: ProtocolLog, transport: StdioProbedInPlace | StreamableHTTPClientTransport, serverId: string) {
  const client = new Client({ name: 'tap-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(log.tap(transport, serverId));
  cleanups.push(() => client.close());
  return client;
}

async function httpServer(args: string[] = []) {
  const server = await HttpReferenceServer.start(args);
  cleanups.push(() => server.stop());
  return server;
}

const requestsOf = (entries: LogEntry[], method: string) => entries.filter(e => e.kind === 'request' && e.method === method);
const pairOf = (entries: LogEntry[], entry: LogEntry) => entries.find(e => e.seq === entry.pairSeq);

// Each test starts reference servers: on a loaded 2-core machine that alone went past the 30 s default, so the
// limit is generous; time is not what these tests check.
describe('protocol-log tap on the reference server', { timeout: 90_000 }, () => {
  it('stdio, 2026 era: logs the probe on the connection itself and pairs a read with its response', async () => {
    const log = newLog();
    const client = await connect(log, stdioTransport(), 'ref-stdio');
    expect(client.getProtocolEra()).toBe('modern');
    await client.readResource({ uri: STATIC_TEXT });
    const entries = log.query({}).entries;

    const [probe] = requestsOf(entries, 'server/discover');
    expect(probe).toMatchObject({ direction: 'out', serverId: 'ref-stdio' });
    expect(probe.origin).toBeUndefined();
    expect(pairOf(entries, probe)).toMatchObject({ direction: 'in', kind: 'response' });

    const [read] = requestsOf(entries, 'resources/read');
    expect(read.message).toMatchObject({ params: { uri: STATIC_TEXT } });
    const response = pairOf(entries, read);
    expect(response).toMatchObject({ direction: 'in', kind: 'response', method: 'resources/read', pairSeq: read.seq });
    expect(response?.latencyMs).toBeGreaterThan(0);
    expect(JSON.stringify(response?.message)).toContain(STATIC_TEXT);
  });

  it('stdio, 2025-only server: the failed probe and the initialize handshake are both logged', async () => {
    const log = newLog();
    const client = await connect(log, stdioTransport(['--era', 'legacy']), 'ref-legacy');
    expect(client.getProtocolEra()).toBe('legacy');
    const entries = log.query({}).entries;
    const [probe] = requestsOf(entries, 'server/discover');
    expect(pairOf(entries, probe)).toMatchObject({ direction: 'in', kind: 'error' });
    const [initialize] = requestsOf(entries, 'initialize');
    expect(initialize.seq).toBeGreaterThan(probe.seq);
    expect(pairOf(entries, initialize)?.message).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    expect(entries.some(e => e.kind === 'notification' && e.method === 'notifications/initialized' && e.direction === 'out')).toBe(true);
  });

  it('HTTP, 2026 era: the in-place probe, a read and an error response', async () => {
    const server = await httpServer();
    const log = newLog();
    const client = await connect(log, new StreamableHTTPClientTransport(new URL(server.url)), 'ref-http');
    expect(client.getProtocolEra()).toBe('modern');
    await client.readResource({ uri: STATIC_TEXT });
    await expect(client.readResource({ uri: 'test://does-not-exist' })).rejects.toThrow();
    const entries = log.query({}).entries;
    expect(pairOf(entries, requestsOf(entries, 'server/discover')[0])?.message).toMatchObject({ result: { supportedVersions: expect.arrayContaining(['2026-07-28']) } });
    const errors = log.query({ errorsOnly: true }).entries;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ method: 'resources/read', direction: 'in', message: { error: { code: -32602 } } });
  });

  it('HTTP, 2025-only server: the handshake is logged and replay re-sends a request with a changed URI', async () => {
    const server = await httpServer(['--era', 'legacy']);
    const log = newLog();
    const client = await connect(log, new StreamableHTTPClientTransport(new URL(server.url)), 'ref-http-legacy');
    expect(client.getProtocolEra()).toBe('legacy');
    await client.readResource({ uri: STATIC_TEXT });
    const handlers = logHandlers(log, { clientFor: () => client });

    const replay = await handlers['log.replay']({ serverId: 'ref-http-legacy', method: 'resources/read', params: { uri: 'test://static-binary' } });
    expect(replay.error).toBeUndefined();
    expect(replay.result).toMatchObject({ contents: [{ uri: 'test://static-binary' }] });
    const entries = log.query({}).entries;
    const replayed = entries.find(e => e.seq === replay.logSeq);
    expect(replayed).toMatchObject({ origin: 'replay', method: 'resources/read', direction: 'out', message: { params: { uri: 'test://static-binary' } } });
    expect(pairOf(entries, replayed as LogEntry)?.kind).toBe('response');

    const missing = await handlers['log.replay']({ serverId: 'ref-http-legacy', method: 'resources/read', params: { uri: 'test://nope' } });
    expect(missing.error).toMatchObject({ code: 'not_found' });
    expect(log.query({ errorsOnly: true }).entries.at(-1)?.pairSeq).toBe(missing.logSeq);
  });
});
