// What a signed-in client sees (--auth) over real HTTP: per-user resources on both eras, step-up to a scope a
// resource needs (403 insufficient_scope), 2025 sessions bound to the user who opened them, the consent page
// answered by a form post, and the flags. The flow itself (discovery, PKCE, refresh, expiry) is auth-flow.test.ts.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from './cli-args';
import { newClient, type ClientEra } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import {
  authorizationUrl, authorizeHeadless, discover, mcpRequest, pkcePair, postForm, registerClient, type ConsentAnswer
} from '../test-support/reference-server/oauth-flow';

const REDIRECT = 'http://127.0.0.1:9/callback';
const servers: HttpReferenceServer[] = [];
afterAll(() => Promise.all(servers.map(s => s.stop())));

async function start(flags: string[]): Promise<HttpReferenceServer> {
  const server = await HttpReferenceServer.start(['--resources', '10', '--auth', ...flags]);
  servers.push(server);
  return server;
}

/** Registers a client and signs in (auto-approved, or through the consent page with `consent`); the access token. */
async function tokenFor(server: HttpReferenceServer, scope: string, consent?: ConsentAnswer, seen?: string[]): Promise<string> {
  const { as } = await discover(server.url);
  const clientId = await registerClient(as, REDIRECT, 'Resource tests');
  const pkce = pkcePair();
  const redirected = await authorizeHeadless(authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce, scope, resource: server.url }), REDIRECT, consent, seen);
  const code = redirected.searchParams.get('code');
  if (!code) throw new Error(`no code: ${redirected.href}`);
  const answer = await postForm(as.token_endpoint, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: pkce.verifier, client_id: clientId });
  if (!answer.body.access_token) throw new Error(`no token: ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

async function connectWithToken(url: string, era: ClientEra, token: string): Promise<Client> {
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

async function whoami(client: Client): Promise<{ user: string; scopes: string[] }> {
  const result = await client.readResource({ uri: 'ref://auth/whoami' });
  const [content] = result.contents;
  if (!('text' in content)) throw new Error('whoami is text');
  return JSON.parse(content.text) as { user: string; scopes: string[] };
}

describe('signed in as different users', () => {
  let alice: HttpReferenceServer;
  let bob: HttpReferenceServer;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([start(['--auth-auto-approve']), start(['--auth-auto-approve', '--auth-user', 'bob'])]);
  });

  describe.each<ClientEra>(['modern', 'legacy'])('%s client', era => {
    it('reads ref://auth/whoami as the user its token names', async () => {
      for (const [server, user] of [[alice, 'alice'], [bob, 'bob']] as const) {
        const client = await connectWithToken(server.url, era, await tokenFor(server, 'mcp'));
        try {
          expect(client.getProtocolEra()).toBe(era);
          expect(await whoami(client)).toMatchObject({ user, scopes: ['mcp'] });
        } finally {
          await client.close();
        }
      }
    });
  });

  it('marks ref://auth/whoami private in its 2026 cache hint', async () => {
    const answer = await mcpRequest(alice.url, await tokenFor(alice, 'mcp'), 'resources/read', { uri: 'ref://auth/whoami' });
    const body = (await answer.json()) as { result: { cacheScope: string; ttlMs: number; contents: { text: string }[] } };
    expect(body.result).toMatchObject({ cacheScope: 'private' });
    expect(JSON.parse(body.result.contents[0].text)).toMatchObject({ user: 'alice' });
  });

  it('asks for the ref:secret scope (403 insufficient_scope) before reading ref://auth/secret, and serves it after step-up', async () => {
    const base = await tokenFor(alice, 'mcp');
    const refused = await mcpRequest(alice.url, base, 'resources/read', { uri: 'ref://auth/secret' });
    expect(refused.status).toBe(403);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="mcp ref:secret"');
    expect(challenge).toContain(`resource_metadata="${new URL(alice.url).origin}/.well-known/oauth-protected-resource/mcp"`);
    // The base scope still reads everything else.
    expect((await mcpRequest(alice.url, base, 'resources/read', { uri: 'ref://auth/whoami' })).status).toBe(200);

    const stepped = await tokenFor(alice, 'mcp ref:secret');
    const read = await mcpRequest(alice.url, stepped, 'resources/read', { uri: 'ref://auth/secret' });
    expect(read.status).toBe(200);
    expect(await read.text()).toMatch(/The secret of alice is [0-9a-f]{16}/);
  });

  it('refuses a token of another server (another resource) with 401', async () => {
    const answer = await mcpRequest(alice.url, await tokenFor(bob, 'mcp'), 'resources/list');
    expect(answer.status).toBe(401);
  });
});

describe('consent page', () => {
  let server: HttpReferenceServer;
  beforeAll(async () => {
    server = await start([]);
  });

  it('shows a strict form with the user name and Allow/Deny, and signs in the user it names', async () => {
    const seen: string[] = [];
    const token = await tokenFor(server, 'mcp', { user: 'bob', decision: 'allow' }, seen);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('<input name="user" value="alice"');
    expect(seen[0]).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(seen[0]).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
    expect(seen[0]).toContain('Resource tests');
    expect(seen[0]).not.toContain('<script');
    const client = await connectWithToken(server.url, 'modern', token);
    try {
      expect(await whoami(client)).toMatchObject({ user: 'bob' });
    } finally {
      await client.close();
    }
  });

  it('sends the page with a policy that allows no script and no framing', async () => {
    const { as } = await discover(server.url);
    const clientId = await registerClient(as, REDIRECT);
    const first = await fetch(authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce: pkcePair(), scope: 'mcp' }), { redirect: 'manual' });
    const consentUrl = new URL(first.headers.get('location')!, as.issuer);
    expect(consentUrl.pathname).toMatch(/^\/consent\//);
    const page = await fetch(consentUrl, { headers: { cookie: first.headers.getSetCookie().map(c => c.split(';')[0]).join('; ') } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    // Without the browser's interaction cookie (another site posting the form) the request is not found.
    const forged = await fetch(consentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user=mallory&decision=allow' });
    expect(forged.status).toBe(400);
  });

  it('answers access_denied to the client when the user denies', async () => {
    await expect(tokenFor(server, 'mcp', { decision: 'deny' })).rejects.toThrow(/error=access_denied/);
  });

  it('shows the form again, saying why, for a user name it cannot take', async () => {
    await expect(tokenFor(server, 'mcp', { user: '<bob>', decision: 'allow' })).rejects.toThrow(/HTTP 400.*A user name is 1 to 64/s);
  });

  it('binds a 2025 session to the user who opened it', async () => {
    const aliceClient = await connectWithToken(server.url, 'legacy', await tokenFor(server, 'mcp', { user: 'alice', decision: 'allow' }));
    try {
      const sessionId = (aliceClient.transport as StreamableHTTPClientTransport).sessionId;
      expect(sessionId).toBeTruthy();
      const carolToken = await tokenFor(server, 'mcp', { user: 'carol', decision: 'allow' });
      const hijack = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${carolToken}`, 'mcp-session-id': sessionId!, 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'resources/read', params: { uri: 'ref://auth/whoami' } })
      });
      expect(hijack.status).toBe(404);
      expect(await whoami(aliceClient)).toMatchObject({ user: 'alice' });
    } finally {
      await aliceClient.close();
    }
  });
});

describe('flags', () => {
  it('takes the --auth flags with their defaults', () => {
    expect(parseArgs(['--transport', 'http', '--auth']).auth).toEqual({ autoApprove: false, user: 'alice', tokenTtlSeconds: 300 });
    expect(parseArgs(['--transport', 'http', '--auth', '--auth-auto-approve', '--auth-user', 'bob', '--auth-token-ttl-s', '3']).auth)
      .toEqual({ autoApprove: true, user: 'bob', tokenTtlSeconds: 3 });
    expect(parseArgs(['--transport', 'http']).auth).toBeUndefined();
  });

  it('refuses --auth without HTTP, the --auth-* flags without --auth, and bad values', () => {
    expect(() => parseArgs(['--auth'])).toThrow(/--auth needs --transport http/);
    expect(() => parseArgs(['--transport', 'stdio', '--auth'])).toThrow(/--auth needs --transport http/);
    expect(() => parseArgs(['--transport', 'http', '--auth-auto-approve'])).toThrow(/--auth-auto-approve needs --auth/);
    expect(() => parseArgs(['--transport', 'http', '--auth-user', 'bob'])).toThrow(/--auth-user needs --auth/);
    expect(() => parseArgs(['--transport', 'http', '--auth', '--auth-user', 'b o b'])).toThrow(/--auth-user must be/);
    expect(() => parseArgs(['--transport', 'http', '--auth', '--auth-token-ttl-s', '0'])).toThrow(/--auth-token-ttl-s must be between 1/);
    expect(() => parseArgs(['--transport', 'http', '--auth', '--auth-token-ttl-s', 'soon'])).toThrow(/--auth-token-ttl-s needs an integer/);
  });
});
