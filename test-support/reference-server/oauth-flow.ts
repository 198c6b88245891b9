// Test support: an OAuth client driven by plain fetch against the reference server's bundled authorization server
// (--auth), standing in for a browser: it follows the authorization redirects with a cookie jar, fills in the
// consent form when there is one, and stops at the redirect to the client's redirect URI (never fetched, unless
// the caller does). The flow itself, its parameters and PKCE, stay visible in the tests.
import { createHash, randomBytes } from 'node:crypto';

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkcePair(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AsMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  revocation_endpoint: string;
  [key: string]: unknown;
}

/** From a 401 of the MCP endpoint to the authorization server's metadata, as a client discovers it. */
export async function discover(mcpUrl: string): Promise<{ challenge: string; resource: Record<string, unknown>; as: AsMetadata }> {
  const unauthorized = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const challenge = unauthorized.headers.get('www-authenticate') ?? '';
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  if (unauthorized.status !== 401 || !metadataUrl) throw new Error(`expected a 401 with resource_metadata, got ${unauthorized.status} ${challenge}`);
  const resource = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
  const issuer = (resource.authorization_servers as string[])[0];
  const as = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as AsMetadata;
  return { challenge, resource, as };
}

/** Dynamic Client Registration (RFC 7591) of a public client. */
export async function registerClient(as: AsMetadata, redirectUri: string, name = 'test client'): Promise<string> {
  const response = await fetch(as.registration_endpoint, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name, redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'], token_endpoint_auth_method: 'none'
    })
  });
  const body = (await response.json()) as { client_id?: string };
  if (response.status !== 201 || !body.client_id) throw new Error(`registration answered ${response.status}: ${JSON.stringify(body)}`);
  return body.client_id;
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  pkce: Pkce;
  scope?: string;
  resource?: string;
  state?: string;
}

export function authorizationUrl(as: AsMetadata, request: AuthorizationRequest): string {
  const params = new URLSearchParams({
    response_type: 'code', client_id: request.clientId, redirect_uri: request.redirectUri,
    code_challenge: request.pkce.challenge, code_challenge_method: 'S256', state: request.state ?? randomBytes(8).toString('hex')
  });
  if (request.scope) params.set('scope', request.scope);
  if (request.resource) params.set('resource', request.resource);
  return `${as.authorization_endpoint}?${params}`;
}

/** How the consent page is answered, when the server shows one (no --auth-auto-approve). */
export interface ConsentAnswer {
  user?: string;
  decision: 'allow' | 'deny';
}

/** A browser's cookies for one origin: enough for the authorization server's interaction and session cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows an authorization URL as a browser would, until the redirect to the client's redirect URI, and returns
 * that URL (with `code`, `state`, `iss` or `error`). `consent` answers the consent page; `seen` collects the
 * consent page's HTML for the test to check.
 */
export async function authorizeHeadless(url: string, redirectUri: string, consent?: ConsentAnswer, seen?: string[]): Promise<URL> {
  const jar = new CookieJar();
  let next = new URL(url);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (next.href.startsWith(redirectUri)) return next;
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET', redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: next.origin } : {}) },
      ...(form ? { body: form.toString() } : {})
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = new URL(location, next);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !consent || !html.includes('name="decision"')) {
      const alert = /role="alert">([^<]*)</.exec(html)?.[1];
      throw new Error(`stopped at ${next.href}: HTTP ${response.status} ${alert ?? html.slice(0, 300)}`);
    }
    seen?.push(html);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('the consent page has no form');
    next = new URL(action.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))), next);
    form = new URLSearchParams({ user: consent.user ?? /name="user" value="([^"]*)"/.exec(html)?.[1] ?? '', decision: consent.decision });
  }
  throw new Error(`too many redirects from ${url}`);
}

export interface TokenAnswer {
  status: number;
  body: { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string; token_type?: string; error?: string; error_description?: string };
  headers: Headers;
}

/** A token endpoint (or revocation endpoint) request from a public client, form-encoded. */
export async function postForm(endpoint: string, params: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as TokenAnswer['body']) : {}, headers: response.headers };
}

/** One raw 2026-07-28 request to the MCP endpoint (headers and `_meta` envelope as the SDK sends them), with a token. */
export function mcpRequest(mcpUrl: string, token: string | undefined, method: string, params: Record<string, unknown> = {}): Promise<Response> {
  const name: Record<string, string> = typeof params.uri === 'string' ? { 'mcp-name': params.uri } : {};
  return fetch(mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method,
      ...name, ...(token ? { authorization: `Bearer ${token}` } : {})
    },
    body: JSON.stringify({
      jsonrpc: '2.0', id: 1, method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'oauth-flow', version: '1' }
        }
      }
    })
  });
}
