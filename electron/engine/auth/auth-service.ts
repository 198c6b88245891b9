// Sign-in for every URL server: its status, the bearer tokens its transports send (refreshed before expiry
// and on a 401), the challenges it answers with, and the flows the user starts, cancels or ends. The engine
// never opens a browser on its own: a server that needs sign-in shows `required` until `signIn` is asked
// (the app's button, the CLI's login, or `withSignIn` for the CLI's commands). docs/auth.md.
import { auth, computeScopeUnion, isStrictScopeSuperset } from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { AuthDetails, AuthStatus, AuthStep, HttpServerConfig, ServerConfigEntry, ServerId, SignOutResult } from '../../../shared/contract';
import { expandEnvReferences } from '../config/env-references';
import { appError } from '../errors';
import type { AuthPort, CachePort, TransportAuth } from '../ports';
import { FlowLog } from './flow-log';
import { connectFailureSummary } from '../connections/connect-failure';
import { ServerOAuthProvider, type ProviderTarget } from './provider';
import { revokeTokens } from './revoke';
import { SignInCancelled, SignInFlow } from './sign-in-flow';
import type { Grant, TokenStore } from './token-store';

/** Tokens are refreshed this long before they expire, so no request goes out with one about to lapse. */
const REFRESH_AHEAD_MS = 60_000;
const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface AuthServiceDeps {
  store: TokenStore;
  cache: Pick<CachePort, 'dropPrivate'>;
  /** The URL server's config entry (throws for an unknown server). */
  entryOf(serverId: ServerId): ServerConfigEntry;
  /** Opens an authorization URL for the user (auth/open-url.ts). */
  open(url: string, serverId: ServerId): Promise<void>;
  /** The server's status changed: publish its state. */
  changed(serverId: ServerId): void;
  /** Signed in (or out): connect again with the new credentials. */
  reconnect(serverId: ServerId): Promise<void>;
  signInTimeoutMs?: number;
}

/** The resting state of a server when no flow runs and no grant decides it. */
interface Resting {
  state: 'none' | 'required' | 'failed';
  error?: string;
  /** Scope a 403 `insufficient_scope` asked for (step-up). */
  requiredScope?: string;
}

interface ServerAuth {
  log: FlowLog;
  resting: Resting;
  flow?: { flow: SignInFlow; step: AuthStep; authorizationUrl?: string };
  refreshing?: Promise<boolean>;
  lastRedirectUri?: string;
}

const scopesOf = (scope: string | undefined) => (scope ? scope.split(' ').filter(Boolean) : undefined);

function expiresAtOf(grant: Grant): number | undefined {
  return typeof grant.tokens.expires_in === 'number' ? grant.savedAt + grant.tokens.expires_in * 1000 : undefined;
}

export class AuthService implements AuthPort {
  private readonly servers = new Map<ServerId, ServerAuth>();
  /** Each server's last flow, once its end is published (and, after a success, the server reconnected). */
  private readonly settled = new Map<ServerId, Promise<void>>();

  constructor(private readonly deps: AuthServiceDeps) {}

  // ---- what the connection layer asks ----

  /** `base`: the fetch the recorder wraps (the transports' own, which reads event streams itself). */
  transportAuth(serverId: ServerId, _entry?: HttpServerConfig, base: FetchLike = fetch): TransportAuth {
    return {
      authProvider: {
        token: () => this.accessToken(serverId),
        onUnauthorized: () => this.unauthorized(serverId)
      },
      fetch: this.challengeRecorder(serverId, base)
    };
  }

  status(serverId: ServerId, entry: HttpServerConfig = this.httpEntry(serverId)): AuthStatus {
    const server = this.server(serverId);
    const grant = this.deps.store.grant(serverId, entry.url);
    const issuer = grant?.issuer ?? this.issuerSeen(server);
    if (server.flow) {
      const { step, authorizationUrl } = server.flow;
      return { state: 'pending', step, ...(authorizationUrl && { authorizationUrl }), ...(issuer && { issuer }) };
    }
    const { resting } = server;
    if (resting.state !== 'none' || !grant) {
      const scopes = scopesOf(resting.requiredScope);
      return { state: resting.state, ...(resting.error && { error: resting.error }), ...(scopes && { scopes }), ...(issuer && { issuer }) };
    }
    const scopes = scopesOf(grant.tokens.scope);
    const expiresAt = expiresAtOf(grant);
    return { state: 'signed-in', issuer: grant.issuer, ...(grant.user && { user: grant.user }), ...(scopes && { scopes }), ...(expiresAt !== undefined && { expiresAt }) };
  }

  principal(serverId: ServerId, entry: ServerConfigEntry = this.deps.entryOf(serverId)): string {
    const grant = 'url' in entry ? this.deps.store.grant(serverId, entry.url) : undefined;
    return grant ? `${grant.issuer}\0${grant.subject ?? grant.grantId}` : '';
  }

  // ---- what the page (and the CLI) asks ----

  /** Starts a flow (or returns the pending one) and answers once the browser is needed or the flow has ended. */
  async signIn(serverId: ServerId): Promise<AuthStatus> {
    const flow = this.startFlow(serverId);
    await flow.started;
    return this.status(serverId);
  }

  /** Signs in and waits for the end of the flow: the CLI's login and its commands that need sign-in. */
  async signInAndWait(serverId: ServerId): Promise<AuthStatus> {
    this.startFlow(serverId);
    // Settles once the flow's end is published and, after a success, the server has reconnected.
    await this.settled.get(serverId);
    const status = this.status(serverId);
    if (status.state !== 'signed-in') throw appError('unauthorized', `Sign-in to ${serverId} failed: ${status.error ?? status.state}`);
    return status;
  }

  cancel(serverId: ServerId): boolean {
    const pending = this.servers.get(serverId)?.flow;
    if (!pending) return false;
    pending.flow.cancel(new SignInCancelled('Sign-in cancelled'));
    return true;
  }

  async signOut(serverId: ServerId): Promise<SignOutResult> {
    this.cancel(serverId);
    const server = this.server(serverId);
    const target = this.targetOf(serverId);
    const grant = this.grantOf(serverId);
    let result: SignOutResult = { signedOut: false, revocation: 'nothing-to-revoke' };
    if (grant) {
      const provider = new ServerOAuthProvider(target, this.deps.store, { reuseDiscovery: true, redirect: () => Promise.reject(new Error('no redirect while signing out')) });
      const client = provider.clientInformation({ issuer: grant.issuer });
      const metadata = server.log.authorizationServerMetadata ?? (this.deps.store.discovery(serverId)?.authorizationServerMetadata as Record<string, unknown> | undefined);
      result = { signedOut: true, ...(await revokeTokens(grant.tokens, client, metadata, server.log.recording())) };
    }
    await this.deps.store.dropGrants(serverId);
    this.deps.cache.dropPrivate(serverId);
    server.resting = { state: 'none' };
    this.deps.changed(serverId);
    if (grant) await this.deps.reconnect(serverId).catch(() => undefined);
    return result;
  }

  details(serverId: ServerId): AuthDetails {
    const server = this.server(serverId);
    const target = this.targetOf(serverId);
    const { log } = server;
    const grant = this.grantOf(serverId);
    const issuer = grant?.issuer ?? this.issuerSeen(server);
    const stored = issuer ? this.deps.store.client(serverId, issuer) : undefined;
    const configured = target.oauth?.clientId;
    const client = configured
      ? { clientId: configured, registration: 'config' as const, hasSecret: target.oauth?.clientSecret !== undefined }
      : stored && { clientId: stored.info.client_id, registration: stored.registration, hasSecret: stored.info.client_secret !== undefined };
    const resource = log.protectedResourceMetadata?.resource;
    return {
      serverId,
      status: this.status(serverId),
      ...(log.challenge && { challenge: log.challenge }),
      ...(log.resourceMetadataUrl && { resourceMetadataUrl: log.resourceMetadataUrl }),
      ...(log.protectedResourceMetadata && { protectedResourceMetadata: log.protectedResourceMetadata }),
      ...(log.authorizationServerMetadata && { authorizationServerMetadata: log.authorizationServerMetadata }),
      resource: typeof resource === 'string' ? resource : target.resource,
      ...(client && { client }),
      ...((server.flow?.flow.redirectUri ?? server.lastRedirectUri) && { redirectUri: server.flow?.flow.redirectUri ?? server.lastRedirectUri }),
      revocationSupported: typeof log.authorizationServerMetadata?.revocation_endpoint === 'string',
      flow: [...log.steps]
    };
  }

  /** A server left the config: end its flow and forget its tokens. */
  async forget(serverId: ServerId): Promise<void> {
    this.cancel(serverId);
    this.servers.delete(serverId);
    await this.deps.store.forget(serverId);
  }

  dispose(): void {
    for (const server of this.servers.values()) server.flow?.flow.cancel(new SignInCancelled('The app is closing'));
  }

  // ---- internals ----

  private startFlow(serverId: ServerId): SignInFlow {
    const server = this.server(serverId);
    if (server.flow) return server.flow.flow;
    const target = this.targetOf(serverId);
    const grant = this.grantOf(serverId);
    const challengeScope = server.resting.requiredScope ?? server.log.challenge?.scope;
    const configured = target.oauth?.scopes?.length ? target.oauth.scopes.join(' ') : undefined;
    const scope = challengeScope && grant ? computeScopeUnion(grant.tokens.scope, challengeScope) : (challengeScope ?? configured);
    const stepUp = server.resting.requiredScope !== undefined && isStrictScopeSuperset(scope, grant?.tokens.scope);
    // Signing in while signed in is asking to sign in again (perhaps as someone else): the browser, not a refresh.
    const again = server.resting.state === 'none' && grant !== undefined;
    const principalBefore = this.principal(serverId);
    const restingBefore = server.resting;
    server.log.begin();
    const flow = new SignInFlow({
      target,
      store: this.deps.store,
      log: server.log,
      open: url => this.deps.open(url, serverId),
      onStep: (step, authorizationUrl) => {
        if (server.flow?.flow !== flow) return;
        // The URL stays on offer while the browser is needed; once the code is back it is spent.
        const url = authorizationUrl ?? (step === 'exchanging-code' ? undefined : server.flow.authorizationUrl);
        server.flow = { flow, step, ...(url && { authorizationUrl: url }) };
        this.deps.changed(serverId);
      },
      ...(scope && { scope }),
      ...(server.log.challenge?.resourceMetadata && { resourceMetadataUrl: server.log.challenge.resourceMetadata }),
      forceReauthorization: stepUp || again,
      timeoutMs: this.deps.signInTimeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS
    });
    server.flow = { flow, step: 'discovering' };
    this.deps.changed(serverId);
    const settled = flow.done.then(
      async () => {
        server.resting = { state: 'none' };
        if (this.principal(serverId) !== principalBefore) this.deps.cache.dropPrivate(serverId);
        this.endFlow(server, flow, serverId);
        await this.deps.reconnect(serverId).catch(() => undefined);
      },
      (err: unknown) => {
        // Cancelling puts the server back as it was; anything else is a failure the status explains.
        server.resting = err instanceof SignInCancelled ? restingBefore : { state: 'failed', error: signInFailure(err, server.log) };
        this.endFlow(server, flow, serverId);
      }
    );
    this.settled.set(serverId, settled);
    return flow;
  }

  private endFlow(server: ServerAuth, flow: SignInFlow, serverId: ServerId): void {
    if (server.flow?.flow !== flow) return;
    server.lastRedirectUri = flow.redirectUri;
    delete server.flow;
    this.deps.changed(serverId);
  }

  private server(serverId: ServerId): ServerAuth {
    let server = this.servers.get(serverId);
    if (!server) {
      server = { log: new FlowLog(), resting: { state: 'none' } };
      this.servers.set(serverId, server);
    }
    return server;
  }

  private httpEntry(serverId: ServerId): HttpServerConfig {
    const entry = this.deps.entryOf(serverId);
    if (!('url' in entry)) throw appError('unsupported', `${serverId} is a stdio server: sign-in applies to servers reached by URL`);
    return entry;
  }

  private targetOf(serverId: ServerId): ProviderTarget {
    const entry = this.httpEntry(serverId);
    const oauth = entry.oauth && { ...entry.oauth, ...(entry.oauth.clientSecret && { clientSecret: expandEnvReferences(entry.oauth.clientSecret, `${serverId}: oauth.clientSecret`) }) };
    return { serverId, resource: entry.url, oauth };
  }

  private grantOf(serverId: ServerId): Grant | undefined {
    const entry = this.deps.entryOf(serverId);
    return 'url' in entry ? this.deps.store.grant(serverId, entry.url) : undefined;
  }

  private issuerSeen(server: ServerAuth): string | undefined {
    const issuer = server.log.authorizationServerMetadata?.issuer;
    return typeof issuer === 'string' ? issuer : undefined;
  }

  /** Marks the server as needing sign-in (or more scope) and says so in its status. */
  private require(serverId: ServerId, error: string, requiredScope?: string): void {
    const server = this.server(serverId);
    server.resting = { state: 'required', error, ...(requiredScope && { requiredScope }) };
    this.deps.changed(serverId);
  }

  private async accessToken(serverId: ServerId): Promise<string | undefined> {
    const grant = this.grantOf(serverId);
    if (!grant) return undefined;
    const expiresAt = expiresAtOf(grant);
    if (expiresAt !== undefined && expiresAt - REFRESH_AHEAD_MS <= Date.now() && grant.tokens.refresh_token) await this.refresh(serverId);
    return this.grantOf(serverId)?.tokens.access_token;
  }

  /** The server refused our token (or we had none): refresh once if we can, else sign-in is required. */
  private async unauthorized(serverId: ServerId): Promise<void> {
    const grant = this.grantOf(serverId);
    if (grant?.tokens.refresh_token && (await this.refresh(serverId))) return;
    if (grant) await this.deps.store.dropGrants(serverId);
    this.require(serverId, grant ? 'The server no longer accepts the sign-in; sign in again' : 'The server needs you to sign in');
    throw appError('unauthorized', `${serverId} needs sign-in`);
  }

  /** A silent refresh through `auth()` (one at a time per server); false when it could not be done. */
  private refresh(serverId: ServerId): Promise<boolean> {
    const server = this.server(serverId);
    server.refreshing ??= (async () => {
      const provider = new ServerOAuthProvider(this.targetOf(serverId), this.deps.store, {
        reuseDiscovery: true,
        redirect: () => Promise.reject(appError('unauthorized', `${serverId} needs sign-in`))
      });
      try {
        return (await auth(provider, { serverUrl: this.targetOf(serverId).resource, fetchFn: server.log.recording() })) === 'AUTHORIZED';
      } catch {
        return false;
      } finally {
        server.refreshing = undefined;
        this.deps.changed(serverId);
      }
    })();
    return server.refreshing;
  }

  /** The transports' fetch: notes every `WWW-Authenticate` challenge; a 403 `insufficient_scope` marks step-up. */
  private challengeRecorder(serverId: ServerId, base: FetchLike): FetchLike {
    return async (input, init) => {
      const response = await base(input, init);
      if ((response.status === 401 || response.status === 403) && response.headers.has('www-authenticate')) {
        const url = typeof input === 'string' ? input : input.href;
        const challenge = this.server(serverId).log.noteChallenge(response, init?.method ?? 'GET', url);
        if (response.status === 403 && challenge.error === 'insufficient_scope') {
          this.require(serverId, `The server needs more access${challenge.scope ? ` (scope "${challenge.scope}")` : ''}: sign in again to grant it`, challenge.scope);
        }
      }
      return response;
    };
  }
}

/**
 * Why a sign-in failed, for its status: the flow's own message ("fetch failed" when an authorization server is
 * down), after the words for a request that got no answer, with that request's host (connect-failure.ts).
 */
function signInFailure(err: unknown, log: FlowLog): string {
  const message = err instanceof Error ? err.message : String(err);
  const unanswered = log.steps.findLast(step => step.outcome === 'error' && step.status === undefined);
  const summary = unanswered && connectFailureSummary(err, { type: 'http', url: unanswered.url });
  return (summary ? `${summary}\n${message}` : message).slice(0, 500);
}
