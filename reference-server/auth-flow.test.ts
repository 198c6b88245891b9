// Sign-in (--auth) over real HTTP: the reference server and its bundled authorization server in a process of
// their own, driven by plain fetch as an OAuth client (and a browser stand-in that follows the redirects with a
// cookie jar: test-support/reference-server/oauth-flow.ts). Discovery from a 401, registration (DCR and a client
// metadata document), the code flow with PKCE, refresh with rotation, expiry, revocation and the resource binding.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationUrl, authorizeHeadless, discover, mcpRequest, pkcePair, postForm, registerClient, type AsMetadata, type Pkce
} from '../test-support/reference-server/oauth-flow';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';

const TTL_S = 3;
const REDIRECT = 'http://127.0.0.1:9/callback';
let server: HttpReferenceServer;
let as: AsMetadata;
let clientId: string;

beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', '10', '--auth', '--auth-auto-approve', '--auth-token-ttl-s', String(TTL_S)]);
  as = (await discover(server.url)).as;
  clientId = await registerClient(as, REDIRECT);
});
afterAll(async () => {
  await server?.stop();
});

/** Authorization (auto-approved) and the code exchange; the raw token answer. */
async function signIn(scope = 'mcp', pkce: Pkce = pkcePair(), client = clientId) {
  const state = 'state-1';
  const redirected = await authorizeHeadless(authorizationUrl(as, { clientId: client, redirectUri: REDIRECT, pkce, scope, resource: server.url, state }), REDIRECT);
  expect(redirected.searchParams.get('state')).toBe(state);
  const code = redirected.searchParams.get('code');
  expect(code, redirected.href).toBeTruthy();
  return postForm(as.token_endpoint, {
    grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT, code_verifier: pkce.verifier, client_id: client, resource: server.url
  });
}

/** resources/list on the 2026-07-28 leg with `token`: what any MCP request needs is a valid token. */
const list = (token: string | undefined) => mcpRequest(server.url, token, 'resources/list');

describe('discovery', () => {
  it('leads from a 401 to the protected resource metadata and the authorization server metadata', async () => {
    const { challenge, resource } = await discover(server.url);
    const origin = new URL(server.url).origin;
    expect(challenge).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toContain('scope="mcp"');
    expect(resource).toMatchObject({ resource: server.url, authorization_servers: [origin], scopes_supported: ['mcp'] });
    expect(as).toMatchObject({
      issuer: origin, code_challenge_methods_supported: ['S256'], response_types_supported: ['code'],
      authorization_response_iss_parameter_supported: true, client_id_metadata_document_supported: true,
      registration_endpoint: `${origin}/register`, revocation_endpoint: `${origin}/revoke`
    });
    expect(as.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    const openid = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(openid.issuer).toBe(origin);
  });
});

describe('authorization code flow', () => {
  it('issues short-lived, audience-bound tokens and says who issued the code (RFC 9207)', async () => {
    const pkce = pkcePair();
    const redirected = await authorizeHeadless(authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce, scope: 'mcp', resource: server.url }), REDIRECT);
    expect(redirected.searchParams.get('iss')).toBe(as.issuer);
    const answer = await postForm(as.token_endpoint, {
      grant_type: 'authorization_code', code: redirected.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: pkce.verifier, client_id: clientId
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.body).toMatchObject({ token_type: 'Bearer', scope: 'mcp', expires_in: TTL_S });
    expect(answer.body.refresh_token).toBeTruthy();
    const listed = await list(answer.body.access_token);
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('ref://auth/whoami');
  });

  it('refuses a code redeemed with the wrong PKCE verifier, and a code used twice', async () => {
    const pkce = pkcePair();
    const redirected = await authorizeHeadless(authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce, scope: 'mcp' }), REDIRECT);
    const redeem = (verifier: string) => postForm(as.token_endpoint, {
      grant_type: 'authorization_code', code: redirected.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier, client_id: clientId
    });
    expect(await redeem(pkcePair().verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await redeem(pkce.verifier)).status).toBe(200);
    expect(await redeem(pkce.verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = new URL(authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce: pkcePair(), scope: 'mcp' }));
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const redirected = await authorizeHeadless(url.href, REDIRECT);
    expect(redirected.searchParams.get('error')).toBe('invalid_request');
  });

  it('issues tokens for this MCP endpoint only (RFC 8707)', async () => {
    const pkce = pkcePair();
    const url = authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce, scope: 'mcp', resource: 'https://elsewhere.example/mcp' });
    const redirected = await authorizeHeadless(url, REDIRECT);
    expect(redirected.searchParams.get('error')).toBe('invalid_target');
  });
});

describe('token lifetime', () => {
  it('refreshes with rotation: the new refresh token works, the old one no longer does', async () => {
    const first = await signIn();
    const refreshed = await postForm(as.token_endpoint, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: clientId, resource: server.url });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await list(refreshed.body.access_token)).status).toBe(200);
    const reused = await postForm(as.token_endpoint, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: clientId });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers 401 invalid_token once the access token has expired', async () => {
    const { body } = await signIn();
    expect((await list(body.access_token)).status).toBe(200);
    await new Promise(resolve => setTimeout(resolve, (TTL_S + 1.5) * 1000));
    const expired = await list(body.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('stops accepting a revoked access token at once (RFC 7009)', async () => {
    const { body } = await signIn();
    expect((await list(body.access_token)).status).toBe(200);
    const revoked = await postForm(as.revocation_endpoint, { token: body.access_token!, token_type_hint: 'access_token', client_id: clientId });
    expect(revoked.status).toBe(200);
    expect((await list(body.access_token)).status).toBe(401);
  });

  it('refuses a token it never issued', async () => {
    const answer = await list('not-a-token');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('client ID metadata documents', () => {
  let documents: Server;
  let documentUrl: string;
  beforeAll(async () => {
    documents = createServer((req, res) => {
      const id = new URL(req.url ?? '/', documentUrl).href;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        client_id: id, client_name: 'Client with a metadata document', redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none',
        ...(req.url === '/huge.json' ? { padding: 'x'.repeat(70 * 1024) } : {})
      }));
    });
    await new Promise<void>(resolve => documents.listen(0, '127.0.0.1', resolve));
    documentUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}/client.json`;
  });
  afterAll(() => new Promise<void>(resolve => documents.close(() => resolve())));

  it('accepts a loopback client_id URL without registration, and signs in with it', async () => {
    const answer = await signIn('mcp', pkcePair(), documentUrl);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await list(answer.body.access_token)).status).toBe(200);
  });

  it('refuses a client_id URL whose document cannot be fetched, or is too large', async () => {
    for (const clientId of ['http://127.0.0.1:9/nothing.json', documentUrl.replace('client.json', 'huge.json')]) {
      const url = authorizationUrl(as, { clientId, redirectUri: REDIRECT, pkce: pkcePair(), scope: 'mcp' });
      await expect(authorizeHeadless(url, REDIRECT)).rejects.toThrow(/HTTP 400.*invalid_client/s);
    }
    expect(server.stderr()).toMatch(/huge\.json is larger than 65536 bytes/);
  });
});
