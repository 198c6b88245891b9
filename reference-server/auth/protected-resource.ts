// The MCP endpoint as an OAuth 2.1 protected resource (MCP authorization spec): its Protected Resource Metadata
// (RFC 9728, at the path-aware well-known URL of /mcp), and the gate every MCP request passes. A request without
// a valid token for this resource answers 401 with `WWW-Authenticate: Bearer resource_metadata="…", scope="mcp"`;
// a token bound to another resource is refused the same way; a token whose scopes do not cover what the request
// does (reading ref://auth/secret without ref:secret) answers 403 `insufficient_scope` naming the scopes needed,
// so the client can step up. Tokens are checked against the authorization server's own store (they are opaque).
import {
  OAuthError, OAuthErrorCode, bearerAuthChallengeResponse, getOAuthProtectedResourceMetadataUrl, oauthMetadataResponse,
  readRequestBody, requireBearerAuth, DEFAULT_MAX_REQUEST_BODY_SIZE, type AuthInfo, type AuthMetadataOptions, type OAuthTokenVerifier
} from '@modelcontextprotocol/server';
import type Provider from 'oidc-provider';
import { AS_ROUTES, BASE_SCOPE, EXTRA_SCOPES } from './vocabulary';

export interface ProtectedResource {
  /** The path of the Protected Resource Metadata document. */
  metadataPath: string;
  /** The Protected Resource Metadata document, for a request to `metadataPath`. */
  metadata(request: Request): Response | undefined;
  /** The verified token of a request to the MCP endpoint, or the 401/403 answer to send instead. */
  authenticate(request: Request): Promise<AuthInfo | Response>;
}

/** The signed-in user a verified token names (the resource handlers read it from the request context). */
export function userOf(auth: AuthInfo | undefined): string | undefined {
  const user = auth?.extra?.user;
  return typeof user === 'string' ? user : undefined;
}

function tokenVerifier(provider: Provider): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token) {
      const stored = await provider.AccessToken.find(token);
      if (!stored) throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is unknown, expired or revoked');
      const audience = Array.isArray(stored.aud) ? stored.aud[0] : stored.aud;
      return {
        token,
        clientId: stored.clientId ?? '',
        scopes: (stored.scope ?? '').split(' ').filter(Boolean),
        ...(stored.exp !== undefined ? { expiresAt: stored.exp } : {}),
        ...(typeof audience === 'string' ? { resource: new URL(audience) } : {}),
        extra: { user: stored.accountId }
      };
    }
  };
}

/** The JSON-RPC requests of a POST body (one, or a batch); none for anything else. */
async function requestsIn(request: Request): Promise<{ method?: unknown; params?: { uri?: unknown } }[]> {
  if (request.method !== 'POST') return [];
  try {
    const read = await readRequestBody(request.clone(), DEFAULT_MAX_REQUEST_BODY_SIZE);
    if (read.tooLarge) return [];
    const body: unknown = JSON.parse(read.text);
    return (Array.isArray(body) ? body : [body]).filter(m => typeof m === 'object' && m !== null);
  } catch {
    return []; // the MCP handler answers what it cannot read
  }
}

/** The scopes a request needs beyond what the token has, with everything that operation needs; or undefined. */
async function missingScopes(request: Request, auth: AuthInfo): Promise<{ uri: string; needed: string[] } | undefined> {
  for (const message of await requestsIn(request)) {
    const uri = message.params?.uri;
    if (message.method !== 'resources/read' || typeof uri !== 'string') continue;
    const extra = EXTRA_SCOPES.get(uri) ?? [];
    if (extra.some(scope => !auth.scopes.includes(scope))) return { uri, needed: [BASE_SCOPE, ...extra] };
  }
  return undefined;
}

export function protectedResource(provider: Provider, resourceUrl: URL): ProtectedResource {
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resourceUrl);
  const issuer = provider.issuer;
  const metadataOptions: AuthMetadataOptions = {
    // Only the issuer goes into the resource's metadata; the authorization server serves its own document.
    oauthMetadata: {
      issuer,
      authorization_endpoint: `${issuer}${AS_ROUTES.authorization}`,
      token_endpoint: `${issuer}${AS_ROUTES.token}`,
      response_types_supported: ['code']
    },
    resourceServerUrl: resourceUrl,
    // The minimal set for basic use (MCP authorization, scope selection); ref:secret is asked for by the 403 only.
    scopesSupported: [BASE_SCOPE],
    resourceName: 'MCP reference server',
    // The issuer is this server's own http origin; the reference server is for local use.
    dangerouslyAllowInsecureIssuerUrl: true
  };
  const gate = requireBearerAuth({
    verifier: tokenVerifier(provider),
    requiredScopes: [BASE_SCOPE],
    resourceMetadataUrl: metadataUrl,
    expectedResource: resourceUrl
  });
  return {
    metadataPath: new URL(metadataUrl).pathname,
    metadata: request => oauthMetadataResponse(request, metadataOptions),
    async authenticate(request) {
      const auth = await gate(request);
      if (auth instanceof Response) return auth;
      const missing = await missingScopes(request, auth);
      if (!missing) return auth;
      return bearerAuthChallengeResponse(
        new OAuthError(OAuthErrorCode.InsufficientScope, `Reading ${missing.uri} needs the scopes ${missing.needed.join(' ')}`),
        { requiredScopes: missing.needed, resourceMetadataUrl: metadataUrl }
      );
    }
  };
}
