// The transport registry and what it derives from a config entry; connecting is covered by the engine-*.test.ts files.
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerConfigEntry } from '../../../../shared/contract';
import { transportKindSchema } from '../../../../shared/contract';
import type { AuthPort, CachePort, ProtocolLogPort } from '../../ports';
import { defaultReadBudget, ReadMeter } from '../read-budget';
import { StderrBuffer } from '../stderr-buffer';
import { buildTransport, cacheIdentityOf, credentialIdOf, endpointOf, transports } from '.';
import type { TransportObservers } from '.';

const stdioEntry: ServerConfigEntry = { command: 'node', args: ['my server.js', '--flag'], env: { TOKEN: 'a' } };
const httpEntry: ServerConfigEntry = { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t' } };

// Building wraps the transport in both layers; here they pass it through.
const passThroughLog: Pick<ProtocolLogPort, 'tap'> = { tap: transport => transport };
const passThroughCache: Pick<CachePort, 'guardTransport'> = { guardTransport: transport => transport };
// Nobody signed in: no token, and plain fetch (building sends nothing).
const signedOut: Pick<AuthPort, 'transportAuth'> = { transportAuth: (_id, _entry, base) => ({ authProvider: { token: async () => undefined }, fetch: base }) };

function observers(): TransportObservers {
  return {
    serverId: 's',
    stderr: new StderrBuffer({ maxLines: 1, maxLineLength: 10, flushMs: 10, onLines: () => undefined }),
    log: passThroughLog as ProtocolLogPort,
    cache: passThroughCache as CachePort,
    auth: signedOut as AuthPort,
    onInbound: () => undefined,
    onOversize: () => undefined,
    onExit: () => undefined,
    onMalformed: () => undefined,
    onUnmatchedAnswer: () => undefined,
    readMeter: new ReadMeter(defaultReadBudget, { pauses: 0, pausedMs: 0, coalesced: 0, unwatched: 0 }, () => undefined),
    admit: () => true,
    maxMessageBytes: 1024
  };
}

describe('transport registry', () => {
  it('registers every kind once, under its own name', () => {
    expect(Object.keys(transports).sort()).toEqual([...transportKindSchema.options].sort());
    for (const [kind, descriptor] of Object.entries(transports)) expect(descriptor.kind).toBe(kind);
  });

  it('falls back from Streamable HTTP to legacy SSE, except on 401/403', () => {
    const fallback = transports.http.fallback;
    expect(fallback?.kind).toBe('sse');
    expect(fallback?.isFinal(new SdkError(SdkErrorCode.ClientHttpAuthentication, 'no'))).toBe(true);
    expect(fallback?.isFinal(new SdkError(SdkErrorCode.ClientHttpForbidden, 'no'))).toBe(true);
    expect(fallback?.isFinal(new SdkError(SdkErrorCode.ConnectionClosed, 'closed'))).toBe(false);
    expect(transports.sse.negotiation).toBe('legacy');
  });

  it('shows a command line or a URL as the endpoint', () => {
    expect(endpointOf(stdioEntry)).toBe('node "my server.js" --flag');
    expect(endpointOf(httpEntry)).toBe('http://127.0.0.1:1/mcp');
  });

  it('derives a credential identity from env or headers, none without secrets', () => {
    expect(credentialIdOf({ command: 'node' })).toBe('');
    expect(credentialIdOf({ type: 'sse', url: 'http://127.0.0.1:1/sse', headers: {} })).toBe('');
    expect(credentialIdOf(stdioEntry)).toMatch(/^[0-9a-f]{16}$/);
    expect(credentialIdOf({ ...httpEntry, headers: { B: '2', A: '1' } })).toBe(credentialIdOf({ ...httpEntry, headers: { A: '1', B: '2' } }));
    expect(credentialIdOf(httpEntry)).not.toBe(credentialIdOf({ ...httpEntry, headers: { Authorization: 'Bearer u' } }));
  });

  it('keys the shared cache by everything that can change the answers (hashed), apart from the endpoint shown', () => {
    const base: ServerConfigEntry = { command: 'node', args: ['server.js'] };
    const withEnv = (env: Record<string, string>): ServerConfigEntry => ({ ...base, env });
    expect(cacheIdentityOf(base)).toMatch(/^command:[0-9a-f]{32}$/);
    // stdio: command, args, env and cwd each count; the key order of env does not.
    expect(cacheIdentityOf(withEnv({ DATA: 'a' }))).not.toBe(cacheIdentityOf(withEnv({ DATA: 'b' })));
    expect(cacheIdentityOf(withEnv({ DATA: 'a' }))).not.toBe(cacheIdentityOf(base));
    expect(cacheIdentityOf({ ...base, cwd: '/srv/a' })).not.toBe(cacheIdentityOf({ ...base, cwd: '/srv/b' }));
    expect(cacheIdentityOf({ ...base, args: ['other.js'] })).not.toBe(cacheIdentityOf(base));
    expect(cacheIdentityOf({ ...base, command: 'deno' })).not.toBe(cacheIdentityOf(base));
    expect(cacheIdentityOf(withEnv({ A: '1', B: '2' }))).toBe(cacheIdentityOf(withEnv({ B: '2', A: '1' })));
    // The status still shows the command line only.
    expect(endpointOf({ ...base, env: { DATA: 'a' }, cwd: '/srv/a' })).toBe(endpointOf(base));
    // URLs: the URL and the headers count (header names in any case); both URL kinds reach the same server.
    expect(cacheIdentityOf(httpEntry)).toMatch(/^url:[0-9a-f]{32}$/);
    expect(cacheIdentityOf(httpEntry)).not.toBe(cacheIdentityOf({ ...httpEntry, headers: { Authorization: 'Bearer u' } }));
    expect(cacheIdentityOf(httpEntry)).not.toBe(cacheIdentityOf({ ...httpEntry, url: 'http://127.0.0.1:2/mcp' }));
    expect(cacheIdentityOf(httpEntry)).toBe(cacheIdentityOf({ ...httpEntry, headers: { authorization: 'Bearer t' } }));
    expect(cacheIdentityOf(httpEntry)).toBe(cacheIdentityOf({ ...httpEntry, type: 'sse' }));
    // Cache keys are shown and saved: nothing of the config is in clear, secrets least of all.
    for (const entry of [stdioEntry, httpEntry]) expect(cacheIdentityOf(entry)).not.toMatch(/Bearer|TOKEN|127\.0\.0\.1|node|server/);
  });

  it("builds the fallback kind from the entry it falls back from, and refuses a kind the entry cannot use", () => {
    const built = buildTransport(httpEntry, 'sse', observers());
    expect(built.kind).toBe('sse');
    expect(built.pid()).toBeUndefined();
    expect(() => buildTransport(httpEntry, 'stdio', observers())).toThrow(/a stdio transport cannot connect/);
  });
});
