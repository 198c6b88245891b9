// The OAuth view of one server (`auth.details`): the last challenge, the metadata documents discovery found,
// and each step of the current or last flow. Steps come from a recording `fetch` handed to the SDK's auth
// helpers (so every discovery, registration and token request shows with its HTTP status) and from the
// flow itself (browser opened, callback received). URLs are redacted; bodies are never kept except the
// public metadata documents.
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { AuthChallenge, AuthFlowStep, AuthFlowStepKind } from '../../../shared/contract';
import { redactUrl } from './redact';

const MAX_STEPS = 100;

type MetadataDocument = Record<string, unknown>;

const isObject = (v: unknown): v is MetadataDocument => typeof v === 'object' && v !== null && !Array.isArray(v);

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function grantTypeOf(body: unknown): string | undefined {
  if (body instanceof URLSearchParams) return body.get('grant_type') ?? undefined;
  if (typeof body === 'string') return new URLSearchParams(body).get('grant_type') ?? undefined;
  return undefined;
}

export class FlowLog {
  steps: AuthFlowStep[] = [];
  challenge: AuthChallenge | undefined;
  resourceMetadataUrl: string | undefined;
  protectedResourceMetadata: MetadataDocument | undefined;
  authorizationServerMetadata: MetadataDocument | undefined;

  /** A new flow: its steps replace the last flow's (the metadata stays until discovery finds it again). */
  begin(): void {
    this.steps = [];
  }

  add(step: Omit<AuthFlowStep, 'at' | 'url'> & { url: string; at?: number }): void {
    this.steps.push({ ...step, at: step.at ?? Date.now(), url: redactUrl(step.url) });
    if (this.steps.length > MAX_STEPS) this.steps.shift();
  }

  /**
   * A step still `waiting` (the browser's sign-in) gets its end: read after the flow, "waiting" would say it never
   * came back. The last such step of `kind`, if any.
   */
  settle(kind: AuthFlowStepKind, outcome: 'ok' | 'error', detail: string, at = Date.now()): void {
    for (let k = this.steps.length - 1; k >= 0; k--) {
      const step = this.steps[k];
      if (step.kind !== kind || step.outcome !== 'waiting') continue;
      this.steps[k] = { ...step, outcome, detail, durationMs: at - step.at };
      return;
    }
  }

  /** The server refused a request with a challenge (401, or 403 with `insufficient_scope`). */
  noteChallenge(response: Response, method: string, url: string): AuthChallenge {
    const params = extractWWWAuthenticateParams(response);
    this.challenge = {
      status: response.status,
      ...(params.resourceMetadataUrl && { resourceMetadata: params.resourceMetadataUrl.href }),
      ...(params.scope && { scope: params.scope }),
      ...(params.error && { error: params.error }),
      ...(params.errorDescription && { errorDescription: params.errorDescription.slice(0, 500) })
    };
    this.add({ kind: 'challenge', method, url, status: response.status, outcome: 'error', detail: describeChallenge(this.challenge) });
    return this.challenge;
  }

  /** A fetch that records each OAuth request it makes as a step, and keeps the metadata documents it finds. */
  recording(base: FetchLike = fetch): FetchLike {
    return async (input, init) => {
      const url = urlOf(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const kind = this.kindOf(url, method, init?.body);
      const started = performance.now();
      let response: Response;
      try {
        response = await base(input, init);
      } catch (err) {
        this.add({ kind, method, url, outcome: 'error', durationMs: performance.now() - started, detail: (err as Error).message });
        throw err;
      }
      const durationMs = Math.round(performance.now() - started);
      const detail = await this.learn(kind, url, response);
      const outcome = response.ok ? 'ok' : response.status === 404 && kind.endsWith('metadata') ? 'not-found' : 'error';
      this.add({ kind, method, url, status: response.status, outcome, durationMs, ...(detail && { detail }) });
      return response;
    };
  }

  private kindOf(url: string, method: string, body: unknown): AuthFlowStepKind {
    if (url.includes('/.well-known/oauth-protected-resource')) return 'protected-resource-metadata';
    if (url.includes('/.well-known/oauth-authorization-server') || url.includes('/.well-known/openid-configuration')) return 'authorization-server-metadata';
    const as = this.authorizationServerMetadata;
    if (method === 'POST' && as) {
      if (url === as.registration_endpoint) return 'registration';
      if (url === as.revocation_endpoint) return 'revocation';
      if (url === as.token_endpoint) return grantTypeOf(body) === 'refresh_token' ? 'refresh' : 'token';
    }
    return 'other';
  }

  /** Keeps a metadata document found; for a failed step, the OAuth `error` it names (RFC 6749 §5.2). */
  private async learn(kind: AuthFlowStepKind, url: string, response: Response): Promise<string | undefined> {
    const wanted = response.ok ? kind === 'protected-resource-metadata' || kind === 'authorization-server-metadata' : response.status >= 400;
    if (!wanted) return undefined;
    let body: unknown;
    try {
      body = await response.clone().json();
    } catch {
      return undefined;
    }
    if (!isObject(body)) return undefined;
    if (!response.ok) return typeof body.error === 'string' ? `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description.slice(0, 200)}` : ''}` : undefined;
    if (kind === 'protected-resource-metadata') {
      this.protectedResourceMetadata = body;
      this.resourceMetadataUrl = url;
      return Array.isArray(body.authorization_servers) ? `authorization servers: ${body.authorization_servers.join(', ')}` : undefined;
    }
    this.authorizationServerMetadata = body;
    return typeof body.issuer === 'string' ? `issuer ${body.issuer}` : undefined;
  }
}

function describeChallenge(challenge: AuthChallenge): string {
  const parts = [challenge.error ?? (challenge.status === 401 ? 'sign-in required' : 'forbidden')];
  if (challenge.scope) parts.push(`scope "${challenge.scope}"`);
  if (challenge.resourceMetadata) parts.push(`resource metadata at ${challenge.resourceMetadata}`);
  return parts.join(', ');
}
