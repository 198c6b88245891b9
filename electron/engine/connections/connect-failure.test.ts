// The words a failed connection leads with, against real failures: a command that is not installed (a real spawn),
// a port nothing listens on and a certificate nobody signed that the system trusts (real sockets, real TLS), and an
// HTTP server answering what a broken remote setup answers (a proxy's 502 page, a 404, a 503, a web site). The
// technical message stays on the lines after the words.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { makeTestCertificate, startHttpsIconServer } from '../../../test-support/engine/https-icon-server';
import { ProtocolError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { appError } from '../errors';
import { connectFailureSummary, withConnectFailureSummary } from './connect-failure';

afterAll(cleanup);


async function errorOf(config: Parameters<typeof engineWith>[0], id: string, options: Parameters<typeof engineWith>[1] = {}): Promise<string> {
  const engine = await engineWith(config, options);
  const state = await statusOf(engine, id, 'error', 30_000);
  return state.lastError?.message ?? '';
}

describe('a connection that fails says why in words first', () => {
  it('a command that is not installed', async () => {
    const message = await errorOf({ missing: { command: 'definitely-not-installed-mcp-xyz', args: [] } }, 'missing');
    const [first, ...rest] = message.split('\n');
    expect(first).toMatch(/^Command not found: "definitely-not-installed-mcp-xyz"\. Install it, or give its full path/);
    expect(rest.join('\n')).toMatch(/ENOENT/);
  });

  it('a URL where nothing listens, past the legacy SSE fallback', async () => {
    const port = await freePort();
    const message = await errorOf({ nobody: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } }, 'nobody');
    const [first, ...rest] = message.split('\n');
    expect(first).toBe(`Nothing is listening at 127.0.0.1:${port} (connection refused): is the server running, on that port?`);
    expect(rest.join('\n')).toMatch(/fallback also failed/);
  });

  it('a port that fetch refuses to use (the Fetch standard blocks 6000), though the legacy SSE fallback tried it', async () => {
    const message = await errorOf({ blocked: { type: 'http', url: 'http://127.0.0.1:6000/mcp' } }, 'blocked');
    expect(message.split('\n')[0]).toMatch(/^127\.0\.0\.1:6000 uses a port that fetch refuses to connect to/);
  });

  it('a certificate the system does not trust', async () => {
    const server = await startHttpsIconServer(await makeTestCertificate());
    try {
      const message = await errorOf({ untrusted: { type: 'http', url: `${server.origin}/mcp` } }, 'untrusted');
      expect(message.split('\n')[0]).toMatch(new RegExp(`^The TLS certificate of ${new URL(server.origin).host} is not trusted \\([A-Z_]+\\)`));
    } finally {
      await server.close();
    }
  });
});

/** An HTTP server that answers every request with `answer`, on a free port of its own; returns its /mcp URL. */
async function answering(answer: (res: ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise(resolve => server.close(() => resolve())) };
}

describe("a remote server's HTTP answer that is not MCP says what it means first", () => {
  const cases: [string, (res: ServerResponse) => void, (url: string, host: string) => string][] = [
    [
      "a proxy's 502 page",
      res => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>'),
      (_, host) => `${host} answered HTTP 502 Bad Gateway: a proxy in front of the MCP server got no answer from it. Is the server behind the proxy running?`
    ],
    ['a wrong path', res => res.writeHead(404, { 'content-type': 'text/plain' }).end('Cannot POST /mcp'), url => `Nothing at ${url} answers MCP (HTTP 404 Not Found): check the URL's path (servers often serve MCP at /mcp).`],
    [
      'a server down for now',
      res => res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable'),
      (_, host) => `${host} answered HTTP 503 Service Unavailable: the server is down or overloaded for now. Try again later.`
    ],
    [
      'a web site where the endpoint should be',
      res => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Welcome</h1>'),
      url => `${url} answered with a web page (text/html), not MCP: check that the URL is the server's MCP endpoint.`
    ]
  ];
  for (const [name, answer, words] of cases) {
    it(name, async () => {
      const server = await answering(answer);
      try {
        const message = await errorOf({ remote: { type: 'http', url: server.url } }, 'remote');
        const [first, ...rest] = message.split('\n');
        expect(first).toBe(words(server.url, new URL(server.url).host));
        expect(rest.join('\n')).toMatch(/fallback also failed/);
      } finally {
        await server.close();
      }
    });
  }
});

describe('a server that opens the connection but never answers says so, not only "timed out"', () => {
  it('a stdio process that never answers the handshake (not an MCP server over stdio)', async () => {
    const mute = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    const message = await errorOf({ mute }, 'mute', { connectTimeoutMs: 1_000 });
    const [first, ...rest] = message.split('\n');
    expect(first).toMatch(/^".*" started but did not answer the MCP handshake in time: does it speak MCP over stdio/);
    expect(rest.join('\n')).toMatch(/timed out/);
  });

  it('an HTTP server that accepts the connection and never answers', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const message = await errorOf({ stuck: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } }, 'stuck', { connectTimeoutMs: 1_000 });
      expect(message.split('\n')[0]).toBe(`127.0.0.1:${port} accepted the connection but did not answer in time: is it an MCP server, and is it running and not stuck?`);
    } finally {
      server.closeAllConnections();
      await new Promise(resolve => server.close(resolve));
    }
  });
});

describe('connectFailureSummary', () => {
  const http = { type: 'http' as const, url: 'https://mcp.example.com/mcp' };

  it('reads the code from the cause chain, or from the text when only the text was kept', () => {
    const refused = new Error('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 1.2.3.4:443'), { code: 'ECONNREFUSED' }) });
    expect(connectFailureSummary(refused, http)).toMatch(/^Nothing is listening at mcp\.example\.com/);
    expect(connectFailureSummary(new Error('SSE error: getaddrinfo ENOTFOUND mcp.example.com'), http)).toMatch(/^The host of mcp\.example\.com was not found/);
  });

  it('reads both attempts of a transport fallback', () => {
    const both = new AggregateError([new Error('fetch failed', { cause: new Error('other') }), new Error('SSE error: connect ECONNREFUSED 10.0.0.1:80')], 'both failed');
    const wrapped = appError('transport', 'Version negotiation probe failed: fetch failed (legacy SSE fallback also failed: …)', {}, both);
    expect(connectFailureSummary(wrapped, http)).toMatch(/^Nothing is listening at mcp\.example\.com/);
  });

  it("does not read a server's own words as a failure to reach it", () => {
    const stdio = { command: 'node', args: ['server.js'] };
    expect(connectFailureSummary(new ProtocolError(-32603, 'ENOENT: no such file, open config.yaml'), stdio)).toBeUndefined();
    const quoting = appError('protocol', 'initialize failed: ENOENT: config.yaml', {}, new ProtocolError(-32603, 'ENOENT: config.yaml'));
    expect(connectFailureSummary(quoting, stdio)).toBeUndefined();
  });

  it('puts in words every status it names, from the SDK\'s HTTP error or the SSE fallback\'s numeric code', () => {
    const words: [number, RegExp][] = [
      [405, /^https:\/\/mcp\.example\.com\/mcp does not take MCP requests \(HTTP 405 Method Not Allowed\)/],
      [500, /^The server at mcp\.example\.com failed \(HTTP 500 Internal Server Error\)/],
      [504, /^mcp\.example\.com answered HTTP 504 Gateway Timeout: a proxy in front of the MCP server gave up waiting for it\./]
    ];
    for (const [status, expected] of words) {
      expect(connectFailureSummary(new SdkHttpError(SdkErrorCode.EraNegotiationFailed, `HTTP ${status}`, { status }), http)).toMatch(expected);
      expect(connectFailureSummary(Object.assign(new Error(`SSE error: Non-200 status code (${status})`), { code: status }), http)).toMatch(expected);
    }
    // A status it has no words for (and 401/403, sign-in's) is left as it was.
    expect(connectFailureSummary(new SdkHttpError(SdkErrorCode.EraNegotiationFailed, 'HTTP 418', { status: 418 }), http)).toBeUndefined();
  });

  it("does not read an HTTP error's quoted body (the server's words) as the SDK's", () => {
    const quoting = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: Unexpected content type: text/html', { status: 418 });
    expect(connectFailureSummary(quoting, http)).toBeUndefined();
  });

  it('leaves a failure it has no words for as it was, and does not say the words twice', () => {
    expect(connectFailureSummary(new Error('Unexpected end of JSON input'), http)).toBeUndefined();
    const error = { code: 'transport' as const, message: 'HTTP 404' };
    expect(withConnectFailureSummary(error, new Error('HTTP 404'), http)).toBe(error);
    const once = withConnectFailureSummary({ code: 'transport', message: 'fetch failed (ECONNREFUSED)' }, new Error('connect ECONNREFUSED'), http);
    expect(withConnectFailureSummary(once, new Error('connect ECONNREFUSED'), http)).toEqual(once);
  });
});
