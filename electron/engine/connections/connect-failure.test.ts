// The words a failed connection leads with, against real failures: a command that is not installed (a real spawn),
// a port nothing listens on and a certificate nobody signed that the system trusts (real sockets, real TLS). The
// technical message stays on the lines after the words.
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { makeTestCertificate, startHttpsIconServer } from '../../../test-support/engine/https-icon-server';
import { ProtocolError } from '@modelcontextprotocol/client';
import { appError } from '../errors';
import { connectFailureSummary, withConnectFailureSummary } from './connect-failure';

afterAll(cleanup);


async function errorOf(config: Parameters<typeof engineWith>[0], id: string): Promise<string> {
  const engine = await engineWith(config);
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

  it('leaves a failure it has no words for as it was, and does not say the words twice', () => {
    expect(connectFailureSummary(new Error('Unexpected content type: text/html'), http)).toBeUndefined();
    const error = { code: 'transport' as const, message: 'HTTP 404' };
    expect(withConnectFailureSummary(error, new Error('HTTP 404'), http)).toBe(error);
    const once = withConnectFailureSummary({ code: 'transport', message: 'fetch failed (ECONNREFUSED)' }, new Error('connect ECONNREFUSED'), http);
    expect(withConnectFailureSummary(once, new Error('connect ECONNREFUSED'), http)).toEqual(once);
  });
});
