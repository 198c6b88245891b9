// Era knobs and transport guards: --era modern refuses 2025 clients, --era legacy makes `auto` clients fall
// back to the 2025 handshake, `auto` over stdio picks the modern era, and the HTTP endpoint refuses foreign
// Host and Origin headers (DNS rebinding) while serving only /mcp.
import { ProtocolErrorCode, SdkErrorCode, UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { connectHttp, eventually, newClient, stdioTransport } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';

const servers: HttpReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map(s => s.stop()));
});
async function http(args: string[]): Promise<HttpReferenceServer> {
  const s = await HttpReferenceServer.start(['--resources', '5', ...args]);
  servers.push(s);
  return s;
}

describe('--era over HTTP', () => {
  it('modern: serves 2026-07-28 clients and refuses the 2025 handshake', async () => {
    const s = await http(['--era', 'modern']);
    const modern = await connectHttp(s.url, 'modern');
    expect(modern.getProtocolEra()).toBe('modern');
    expect((await modern.readResource({ uri: 'test://static-text' })).contents).toHaveLength(1);
    await modern.close();
    // The 2025 handshake gets HTTP 400 carrying the JSON-RPC unsupported-version error.
    await expect(connectHttp(s.url, 'legacy')).rejects.toMatchObject({
      data: { status: 400, text: expect.stringContaining(`"code":${ProtocolErrorCode.UnsupportedProtocolVersion}`) },
      message: expect.stringContaining('Unsupported protocol version: 2025-11-25')
    });
  });
  it('legacy: an auto client falls back to 2025-11-25 and a pinned modern client is refused', async () => {
    const s = await http(['--era', 'legacy']);
    const auto = await connectHttp(s.url, 'modern');
    expect(auto.getProtocolEra()).toBe('legacy');
    expect(auto.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect((await auto.readResource({ uri: 'test://static-text' })).contents).toHaveLength(1);
    await auto.close();
    // server/discover is not served, so a client pinned to 2026-07-28 finds nothing to negotiate.
    await expect(connectHttp(s.url, 'modern', { versionNegotiation: { mode: { pin: '2026-07-28' } } })).rejects.toMatchObject({
      code: SdkErrorCode.EraNegotiationFailed,
      message: expect.stringContaining('did not offer pinned protocol version 2026-07-28')
    });
  });
});

// Each of these spawns one or two stdio servers (auto probes in a sibling process): slow on a busy machine.
describe('--era over stdio', { timeout: 60_000 }, () => {
  it('both: an auto client negotiates 2026-07-28', async () => {
    const client = newClient('modern');
    await client.connect(stdioTransport(['--resources', '5']));
    expect(client.getProtocolEra()).toBe('modern');
    await client.close();
  });
  it('legacy: an auto client falls back to 2025-11-25', async () => {
    const client = newClient('modern');
    await client.connect(stdioTransport(['--resources', '5', '--era', 'legacy']));
    expect(client.getProtocolEra()).toBe('legacy');
    expect((await client.listResources()).resources.length).toBeGreaterThan(5);
    await client.close();
  });
  it('modern: a 2025 client is refused', async () => {
    const client = newClient('legacy');
    const refusal = client.connect(stdioTransport(['--resources', '5', '--era', 'modern']));
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedProtocolVersionError);
    await expect(refusal).rejects.toMatchObject({
      code: ProtocolErrorCode.UnsupportedProtocolVersion, data: { supported: ['2026-07-28'], requested: '2025-11-25' }
    });
    await client.close();
  });
});

function rawPost(url: string, headers: Record<string, string>, path = '/mcp'): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, res => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
  });
}

describe('HTTP guards', () => {
  it('refuses foreign Host and Origin headers and serves only /mcp', async () => {
    const s = await http([]);
    const port = new URL(s.url).port;
    expect(await rawPost(s.url, { host: `evil.example:${port}` })).toBe(403);
    expect(await rawPost(s.url, { host: `127.0.0.1:${port}`, origin: 'http://evil.example' })).toBe(403);
    expect(await rawPost(s.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).toBe(200);
    expect(await rawPost(s.url, { host: `127.0.0.1:${port}` }, '/other')).toBe(404);
    expect(s.stderr()).toContain('refused a request with Host "evil.example');
  });
  it('bound to a wildcard address, still accepts only the loopback host names', async () => {
    const s = await http(['--host', '0.0.0.0']);
    const port = new URL(s.url).port;
    const loopback = `http://127.0.0.1:${port}/mcp`;
    expect(await rawPost(loopback, { host: `0.0.0.0:${port}` })).toBe(403);
    expect(await rawPost(loopback, { host: `evil.example:${port}` })).toBe(403);
    expect(await rawPost(loopback, { host: `127.0.0.1:${port}` })).toBe(200);
    expect(await rawPost(loopback, { host: `localhost:${port}` })).toBe(200);
  });
});

describe('2025-era HTTP sessions', () => {
  it('stay open while the client holds its stream, and expire once it has gone', async () => {
    const s = await http(['--legacy-session-idle-s', '1']);
    const client = await connectHttp(s.url, 'legacy');
    await new Promise(r => setTimeout(r, 2500));
    expect((await client.readResource({ uri: 'test://static-text' })).contents).toHaveLength(1);
    expect(s.stderr()).not.toContain('session closed');
    await client.close();
    await eventually(() => (s.stderr().includes('2025-era HTTP session closed after') ? true : undefined), 10_000);
  });
});
