// The bundled authorization server: panva's oidc-provider (OpenID Certified), configured as the MCP
// authorization spec asks of an authorization server: RFC 8414 metadata (and OpenID discovery), open Dynamic
// Client Registration (RFC 7591), Client ID Metadata Documents, the authorization code grant with PKCE S256
// required, `iss` in authorization responses (RFC 9207), resource indicators (RFC 8707) with tokens bound to the
// MCP endpoint, short-lived opaque access tokens, rotating refresh tokens and revocation (RFC 7009).
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { checkResourceAllowed } from '@modelcontextprotocol/server';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AuthOptions } from '../cli-args';
import { log } from '../log';
import { authStorage } from './client-store';
import { AS_ROUTES, BASE_SCOPE, CONSENT_PATH, RESOURCE_SCOPES } from './vocabulary';

const REFRESH_TTL_S = 24 * 3600;
const INTERACTION_TTL_S = 10 * 60;
const AUTHORIZATION_CODE_TTL_S = 60;

export interface AuthorizationServerSetup {
  /** The issuer: the MCP server's origin. */
  issuer: string;
  /** The MCP endpoint as a resource identifier (RFC 8707): every access token is bound to it. */
  resource: string;
  options: AuthOptions;
  /** Resolve http client ID URLs on loopback hosts (client-store.ts says when). */
  loopbackClientDocuments: boolean;
}

/** Tokens name a user: any user name the consent page accepts is an account, with only its name as a claim. */
async function findAccount(_ctx: KoaContextWithOIDC, sub: string) {
  return { accountId: sub, claims: () => ({ sub }) };
}

export function createAuthorizationServer(setup: AuthorizationServerSetup): Provider {
  const { issuer, resource, options } = setup;
  // A fresh signing key per process (ID tokens, when a client asks for `openid`); nothing outlives a restart.
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const resourceServer = {
    scope: RESOURCE_SCOPES.join(' '),
    audience: resource,
    accessTokenTTL: options.tokenTtlSeconds,
    // Opaque, checked against the provider's own store: a revoked token stops working at once.
    accessTokenFormat: 'opaque' as const
  };
  const configuration: Configuration = {
    adapter: authStorage(setup.loopbackClientDocuments),
    findAccount,
    jwks: { keys: [{ ...signingKey, alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') }] },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], id_token_signed_response_alg: 'ES256', token_endpoint_auth_method: 'none' },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    routes: AS_ROUTES,
    responseTypes: ['code'],
    // The resource's scopes are also the server's own: so they are in its metadata, and a client may register
    // with them (RFC 7591 `scope`, which the SDK client sends), which oidc-provider checks against this list.
    scopes: ['openid', 'offline_access', ...RESOURCE_SCOPES],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource still gets a token for the MCP endpoint, the only resource here.
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (!checkResourceAllowed({ requestedResource: indicator, configuredResource: resource })) {
            throw new errors.InvalidTarget(`this server issues tokens for ${resource} only`);
          }
          return resourceServer;
        }
      }
    },
    // Every client that may refresh gets a refresh token (no `offline_access` needed), rotated on each use.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: options.tokenTtlSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_S,
      RefreshToken: REFRESH_TTL_S,
      Grant: REFRESH_TTL_S,
      Session: REFRESH_TTL_S,
      Interaction: INTERACTION_TTL_S,
      IdToken: options.tokenTtlSeconds
    },
    interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in failed: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}\n`;
    }
  };
  const provider = new Provider(issuer, configuration);
  // RFC 6749 §3.3: an authorization request without `scope` is served with a default, the base scope (oidc-provider
  // would otherwise grant nothing and answer access_denied).
  provider.use(async (ctx, next) => {
    if (ctx.path === AS_ROUTES.authorization && ctx.method === 'GET' && !ctx.query.scope) ctx.query = { ...ctx.query, scope: BASE_SCOPE };
    await next();
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => log(`auth: authorization server error: ${error.message}`));
  return provider;
}
