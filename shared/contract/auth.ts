// Sign-in (OAuth) as the page sees it: a status per server, the OAuth view of `auth.details`, and nothing
// secret. The flow itself (discovery, registration, PKCE, the loopback callback, tokens) lives in the engine
// (electron/engine/auth/, docs/auth.md); the page only reads these and asks the engine to start, cancel or
// end a sign-in. Results only (the methods' params are validated in methods.ts), so plain types, as in types.ts.

/**
 * - `none`: the server has not asked for sign-in (no 401 seen) and no tokens are held for it.
 * - `required`: the server answered 401 (or 403 `insufficient_scope`) and no usable token is held: the user
 *   must sign in (`auth.signIn`). The engine never opens a browser on its own for this.
 * - `pending`: a sign-in flow runs; `step` says what it waits on.
 * - `signed-in`: tokens are held for the server (`user`, `scopes`, `expiresAt`, `issuer` describe them).
 * - `failed`: the last flow failed (`error` says why); signing in again starts a new one.
 */
type AuthState = 'none' | 'required' | 'pending' | 'signed-in' | 'failed';

/**
 * What a `pending` flow is doing or waiting on: finding the Protected Resource Metadata and the authorization
 * server's metadata, registering the client, waiting for the user in the browser (the loopback callback is
 * listening), exchanging the code for tokens, or refreshing a token.
 */
export type AuthStep = 'discovering' | 'registering' | 'awaiting-browser' | 'exchanging-code' | 'refreshing';

export interface AuthStatus {
  state: AuthState;
  /** Present while `pending`. */
  step?: AuthStep;
  /**
   * While `step` is `awaiting-browser`: the authorization URL the user must open (no secret in it: the PKCE
   * verifier stays in the engine). The page may offer it again ("open the sign-in page again"); in browser
   * mode it is also sent once in the `authUrl` event.
   */
  authorizationUrl?: string;
  /** Who is signed in, when the authorization server said (an ID token's name, email or subject). */
  user?: string;
  /** Scopes granted (or, while `required` after a 403, the scopes the server asked for). */
  scopes?: string[];
  /** When the access token expires (ms epoch); the engine refreshes it shortly before. */
  expiresAt?: number;
  /** The authorization server (its metadata's `issuer`). */
  issuer?: string;
  /** Why the state is `failed` or `required` (for people; never carries a token). */
  error?: string;
}

/** Which way the client id was obtained, in the order the engine tries them. */
export type ClientRegistration = 'config' | 'metadata-document' | 'dynamic';

/**
 * What one step of a flow was: one HTTP exchange (discovery, registration, token, revocation, the MCP request
 * that was refused) or an event without one (the browser opened, the callback arrived).
 */
export type AuthFlowStepKind =
  | 'challenge'
  | 'protected-resource-metadata'
  | 'authorization-server-metadata'
  | 'registration'
  | 'authorization'
  | 'callback'
  | 'token'
  | 'refresh'
  | 'revocation'
  | 'other';

/**
 * - `ok`: the step did what it should; `not-found`: a well-known URL that is not there (discovery tries the
 *   next); `error`: it failed (`detail` says how); `waiting`: it has not finished (the browser, the callback).
 */
type AuthStepOutcome = 'ok' | 'not-found' | 'error' | 'waiting';

export interface AuthFlowStep {
  at: number;
  kind: AuthFlowStepKind;
  /** HTTP method (a step without a request, such as the browser or the callback, says GET for the page it opens). */
  method?: string;
  /** The URL, with secret query values (`code`, `state`, `code_verifier`, tokens) replaced by `[redacted]`. */
  url: string;
  /** The HTTP status, when the step was a request that got an answer. */
  status?: number;
  outcome: AuthStepOutcome;
  durationMs?: number;
  /** For people: what was learnt or what went wrong (never a secret). */
  detail?: string;
}

/** The parameters of the server's last `WWW-Authenticate` challenge (RFC 6750 / RFC 9728). */
export interface AuthChallenge {
  status: number;
  resourceMetadata?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
}

/** A metadata document as the server sent it (JSON object). */
type MetadataDocument = Record<string, unknown>;

/** The OAuth view of one server (`auth.details`): what was discovered and each step of the last flow. */
export interface AuthDetails {
  serverId: string;
  status: AuthStatus;
  challenge?: AuthChallenge;
  /** Where the Protected Resource Metadata was found (RFC 9728) and the document as served. */
  resourceMetadataUrl?: string;
  protectedResourceMetadata?: MetadataDocument;
  /** The authorization server's metadata (RFC 8414 or OpenID discovery) as served. */
  authorizationServerMetadata?: MetadataDocument;
  /** The RFC 8707 `resource` value: the metadata's `resource`, else the server URL. */
  resource?: string;
  /** The client as registered (never its secret): how the id was obtained, and whether a secret is used. */
  client?: { clientId: string; registration: ClientRegistration; hasSecret: boolean };
  /** The loopback redirect URI of the pending or last flow. */
  redirectUri?: string;
  /** Whether signing out can revoke the tokens at the authorization server (RFC 7009). */
  revocationSupported: boolean;
  /** The steps of the current or last flow, oldest first (at most 100). */
  flow: AuthFlowStep[];
}

/** What `auth.signOut` did: tokens dropped locally always; revoked at the AS when it offers revocation. */
export interface SignOutResult {
  /** False when there were no tokens to forget. */
  signedOut: boolean;
  revocation: 'revoked' | 'not-offered' | 'failed' | 'nothing-to-revoke';
  /** Why revocation failed (the local tokens are dropped anyway). */
  error?: string;
}
