// Test support: a protected MCP server with its own authorization server on one port, for the engine's sign-in
// tests. A STAND-IN, in-process so the engine tests can see what it issued (every token, to search for leaks)
// and switch users between flows; the reference server's `--auth` mode (oidc-provider, in a process of its own)
// is what the e2e and the CLI's second case run against, and the conformance runner's mock runs only under its
// own runner. It is small and strict where the client is under test: Protected Resource Metadata (RFC 9728) named in the 401 challenge,
// AS metadata (RFC 8414), Dynamic Client Registration, PKCE S256 checked, `resource` required, `iss` in the
// callback, refresh and revocation (RFC 7009). Authorization is auto-approved: the "browser" is a plain GET.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

export interface StandInOptions {
  /** Lifetime of each access token (seconds). */
  expiresIn?: number;
  /** The user the ID token names. */
  user?: string;
}

export interface StandIn {
  /** The MCP endpoint. */
  url: string;
  issuer: string;
  /** Every access and refresh token issued, to look for them where they must not be. */
  issued: string[];
  revoked: string[];
  /** Grant types of the token requests, in order. */
  grants: string[];
  /** Who the next sign-in is (the ID token's subject and name). */
  signInAs(user: string): void;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const token = () => b64url(randomBytes(24));

function mcpServer(): McpServer {
  const mcp = new McpServer({ name: 'stand-in-protected', version: '1.0.0' }, { capabilities: { resources: {} } });
  mcp.registerResource('secret-note', 'note://secret', { mimeType: 'text/plain', cacheHint: { ttlMs: 60_000, cacheScope: 'private' } }, async uri => ({ contents: [{ uri: uri.href, text: 'for signed-in eyes' }] }));
  return mcp;
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const mcp = createMcpHandler(mcpServer, { legacy: 'reject' });
  const codes = new Map<string, { challenge: string; redirectUri: string; clientId: string; resource: string; scope: string }>();
  const access = new Set<string>();
  const refresh = new Map<string, string>();
  const state: Pick<StandIn, 'issued' | 'revoked' | 'grants'> = { issued: [], revoked: [], grants: [] };
  let origin = '';
  let user = options.user ?? 'ada';
  const idToken = () => `${b64url(Buffer.from('{"alg":"none"}'))}.${b64url(Buffer.from(JSON.stringify({ sub: `user-${user}`, preferred_username: user })))}.`;
  const issue = (scope: string) => {
    const pair = { access_token: token(), refresh_token: token() };
    access.add(pair.access_token);
    refresh.set(pair.refresh_token, scope);
    state.issued.push(pair.access_token, pair.refresh_token);
    return Response.json({ ...pair, token_type: 'Bearer', expires_in: options.expiresIn ?? 3600, scope, id_token: idToken() });
  };
  const oauthError = (error: string, status = 400) => Response.json({ error }, { status });

  const route = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      return Response.json({ resource: `${origin}/mcp`, authorization_servers: [origin], scopes_supported: ['notes:read'] });
    }
    if (path === '/.well-known/oauth-authorization-server') {
      return Response.json({
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        revocation_endpoint: `${origin}/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true
      });
    }
    if (path === '/register' && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      return Response.json({ ...body, client_id: `client-${token()}`, token_endpoint_auth_method: 'none' }, { status: 201 });
    }
    if (path === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('resource') || !redirectUri.startsWith('http://127.0.0.1:')) return oauthError('invalid_request');
      const code = token();
      codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri, clientId: q.get('client_id') ?? '', resource: q.get('resource') ?? '', scope: q.get('scope') ?? 'notes:read' });
      const back = new URL(redirectUri);
      back.search = new URLSearchParams({ code, state: q.get('state') ?? '', iss: origin }).toString();
      return new Response(null, { status: 302, headers: { location: back.href } });
    }
    if (path === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await request.text());
      const grant = form.get('grant_type') ?? '';
      state.grants.push(grant);
      if (grant === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!pending || b64url(createHash('sha256').update(verifier).digest()) !== pending.challenge) return oauthError('invalid_grant');
        if (form.get('redirect_uri') !== pending.redirectUri || form.get('resource') !== pending.resource) return oauthError('invalid_grant');
        return issue(pending.scope);
      }
      if (grant === 'refresh_token') {
        const scope = refresh.get(form.get('refresh_token') ?? '');
        return scope === undefined ? oauthError('invalid_grant') : issue(scope);
      }
      return oauthError('unsupported_grant_type');
    }
    if (path === '/revoke' && request.method === 'POST') {
      const revoked = new URLSearchParams(await request.text()).get('token') ?? '';
      state.revoked.push(revoked);
      access.delete(revoked);
      refresh.delete(revoked);
      return new Response(null, { status: 200 });
    }
    if (path === '/mcp') {
      const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
      if (!access.has(bearer)) {
        return Response.json({ error: 'invalid_token' }, { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="notes:read"` } });
      }
      return mcp.fetch(request);
    }
    return new Response('not found', { status: 404 });
  };

  const handler = toNodeHandler({ fetch: route });
  const http = createServer((req, res) => void handler(req, res));
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    issuer: origin,
    ...state,
    signInAs: name => {
      user = name;
    },
    close: () =>
      new Promise<void>(resolve => {
        http.closeAllConnections();
        http.close(() => resolve());
      })
  };
}
