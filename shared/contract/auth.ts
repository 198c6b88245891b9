// Sign-in (OAuth) as the page sees it: a status per server, the OAuth view of `auth.details`, and nothing
// secret. The flow itself (discovery, registration, PKCE, the loopback callback, tokens) lives in the engine
// (electron/engine/auth/, docs/auth.md); the page only reads these and asks the engine to start, cancel or
// end a sign-in. Schemas first, types inferred from them.
import * as z from 'zod';

/**
 * - `none`: the server has not asked for sign-in (no 401 seen) and no tokens are held for it.
 * - `required`: the server answered 401 (or 403 `insufficient_scope`) and no usable token is held: the user
 *   must sign in (`auth.signIn`). The engine never opens a browser on its own for this.
 * - `pending`: a sign-in flow runs; `step` says what it waits on.
 * - `signed-in`: tokens are held for the server (`user`, `scopes`, `expiresAt`, `issuer` describe them).
 * - `failed`: the last flow failed (`error` says why); signing in again starts a new one.
 */
export const authStateSchema = z.enum(['none', 'required', 'pending', 'signed-in', 'failed']);
export type AuthState = z.infer<typeof authStateSchema>;

/**
 * What a `pending` flow is doing or waiting on: finding the Protected Resource Metadata and the authorization
 * server's metadata, registering the client, waiting for the user in the browser (the loopback callback is
 * listening), exchanging the code for tokens, or refreshing a token.
 */
export const authStepSchema = z.enum(['discovering', 'registering', 'awaiting-browser', 'exchanging-code', 'refreshing']);
export type AuthStep = z.infer<typeof authStepSchema>;

export const authStatusSchema = z.object({
  state: authStateSchema,
  /** Present while `pending`. */
  step: authStepSchema.optional(),
  /**
   * While `step` is `awaiting-browser`: the authorization URL the user must open (no secret in it: the PKCE
   * verifier stays in the engine). The page may offer it again ("open the sign-in page again"); in browser
   * mode it is also sent once in the `authUrl` event.
   */
  authorizationUrl: z.string().optional(),
  /** Who is signed in, when the authorization server said (an ID token's name, email or subject). */
  user: z.string().optional(),
  /** Scopes granted (or, while `required` after a 403, the scopes the server asked for). */
  scopes: z.array(z.string()).optional(),
  /** When the access token expires (ms epoch); the engine refreshes it shortly before. */
  expiresAt: z.number().optional(),
  /** The authorization server (its metadata's `issuer`). */
  issuer: z.string().optional(),
  /** Why the state is `failed` or `required` (for people; never carries a token). */
  error: z.string().optional()
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** Which way the client id was obtained, in the order the engine tries them. */
export const clientRegistrationSchema = z.enum(['config', 'metadata-document', 'dynamic']);
export type ClientRegistration = z.infer<typeof clientRegistrationSchema>;

/**
 * What one step of a flow was: one HTTP exchange (discovery, registration, token, revocation, the MCP request
 * that was refused) or an event without one (the browser opened, the callback arrived).
 */
export const authFlowStepKindSchema = z.enum([
  'challenge',
  'protected-resource-metadata',
  'authorization-server-metadata',
  'registration',
  'authorization',
  'callback',
  'token',
  'refresh',
  'revocation',
  'other'
]);
export type AuthFlowStepKind = z.infer<typeof authFlowStepKindSchema>;

/**
 * - `ok`: the step did what it should; `not-found`: a well-known URL that is not there (discovery tries the
 *   next); `error`: it failed (`detail` says how); `waiting`: it has not finished (the browser, the callback).
 */
export const authStepOutcomeSchema = z.enum(['ok', 'not-found', 'error', 'waiting']);
export type AuthStepOutcome = z.infer<typeof authStepOutcomeSchema>;

export const authFlowStepSchema = z.object({
  at: z.number(),
  kind: authFlowStepKindSchema,
  /** HTTP method, absent for a step without a request (the browser, the callback). */
  method: z.string().optional(),
  /** The URL, with secret query values (`code`, `state`, `code_verifier`, tokens) replaced by `[redacted]`. */
  url: z.string(),
  status: z.number().int().optional(),
  outcome: authStepOutcomeSchema,
  durationMs: z.number().optional(),
  /** For people: what was learnt or what went wrong (never a secret). */
  detail: z.string().optional()
});
export type AuthFlowStep = z.infer<typeof authFlowStepSchema>;

/** The parameters of the server's last `WWW-Authenticate` challenge (RFC 6750 / RFC 9728). */
export const authChallengeSchema = z.object({
  status: z.number().int(),
  resourceMetadata: z.string().optional(),
  scope: z.string().optional(),
  error: z.string().optional(),
  errorDescription: z.string().optional()
});
export type AuthChallenge = z.infer<typeof authChallengeSchema>;

const metadataDocument = z.record(z.string(), z.unknown());

/** The OAuth view of one server (`auth.details`): what was discovered and each step of the last flow. */
export const authDetailsSchema = z.object({
  serverId: z.string(),
  status: authStatusSchema,
  challenge: authChallengeSchema.optional(),
  /** Where the Protected Resource Metadata was found (RFC 9728) and the document as served. */
  resourceMetadataUrl: z.string().optional(),
  protectedResourceMetadata: metadataDocument.optional(),
  /** The authorization server's metadata (RFC 8414 or OpenID discovery) as served. */
  authorizationServerMetadata: metadataDocument.optional(),
  /** The RFC 8707 `resource` value the flow asked for. */
  resource: z.string().optional(),
  /** The client as registered (never its secret): how the id was obtained, and whether a secret is used. */
  client: z.object({ clientId: z.string(), registration: clientRegistrationSchema, hasSecret: z.boolean() }).optional(),
  /** The loopback redirect URI of the pending or last flow. */
  redirectUri: z.string().optional(),
  /** Whether signing out can revoke the tokens at the authorization server (RFC 7009). */
  revocationSupported: z.boolean(),
  /** The steps of the current or last flow, oldest first (bounded). */
  flow: z.array(authFlowStepSchema)
});
export type AuthDetails = z.infer<typeof authDetailsSchema>;

/** What `auth.signOut` did: tokens dropped locally always; revoked at the AS when it offers revocation. */
export const signOutResultSchema = z.object({
  signedOut: z.boolean(),
  revocation: z.enum(['revoked', 'not-offered', 'failed', 'nothing-to-revoke']),
  /** Why revocation failed (the local tokens are dropped anyway). */
  error: z.string().optional()
});
export type SignOutResult = z.infer<typeof signOutResultSchema>;
