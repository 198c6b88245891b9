// The names a client of the signed-in reference server relies on: scopes, the resources that need more than
// the base scope, and where the authorization server's endpoints are. docs/reference-server.md lists them.

/** Every request to the MCP endpoint needs it. */
export const BASE_SCOPE = 'mcp';
/** Reading ref://auth/secret needs it too: the step-up case (403 insufficient_scope). */
export const SECRET_SCOPE = 'ref:secret';
export const RESOURCE_SCOPES = [BASE_SCOPE, SECRET_SCOPE] as const;

export const WHOAMI_URI = 'ref://auth/whoami';
export const SECRET_URI = 'ref://auth/secret';

/** Scopes a `resources/read` of these URIs needs, beyond the base scope (checked before the read runs). */
export const EXTRA_SCOPES: ReadonlyMap<string, readonly string[]> = new Map([[SECRET_URI, [SECRET_SCOPE]]]);

/** The authorization server's endpoints, on the MCP server's own origin (its issuer is that origin). */
export const AS_ROUTES = {
  authorization: '/authorize',
  token: '/token',
  registration: '/register',
  revocation: '/revoke',
  introspection: '/introspect',
  jwks: '/jwks'
} as const;

/** The consent page: `GET /consent/<interaction id>` shows it, a POST there answers it. */
export const CONSENT_PATH = '/consent/';
