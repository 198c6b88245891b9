// One interactive sign-in: listen on the loopback callback, let the SDK's `auth()` discover, register and
// build the authorization URL (PKCE S256, `state`, RFC 8707 `resource`), hand that URL to the browser, wait
// for the callback with our `state`, and let `auth()` check `iss` (RFC 9207) and exchange the code. The
// callback port is open only while the flow runs and is closed however it ends (success, failure, cancel,
// timeout).
import { auth } from '@modelcontextprotocol/client';
import type { AuthStep } from '../../../shared/contract';
import type { FlowLog } from './flow-log';
import { listenForCallback } from './loopback';
import { ServerOAuthProvider, type ProviderTarget } from './provider';
import type { TokenStore } from './token-store';

export interface SignInRequest {
  target: ProviderTarget;
  store: TokenStore;
  log: FlowLog;
  /** Opens the authorization URL for the user (browser, new tab, printed line). */
  open(url: string): Promise<void>;
  /** Tells the status what the flow is doing; `authorizationUrl` with `awaiting-browser`. */
  onStep(step: AuthStep, authorizationUrl?: string): void;
  scope?: string;
  resourceMetadataUrl?: string;
  /** Skip the refresh grant: it cannot widen the scope (step-up, RFC 6749 §6). */
  forceReauthorization: boolean;
  /** How long the user has to finish in the browser. */
  timeoutMs: number;
}

/** The user (or the app closing) ended the flow: not a failure to report. */
export class SignInCancelled extends Error {
  override name = 'SignInCancelled';
}

export class SignInFlow {
  /** Settles once the user is needed in the browser, or the flow has ended (then like `done`). */
  readonly started: Promise<void>;
  /** Resolves when signed in; rejects with why not. */
  readonly done: Promise<void>;
  redirectUri: string | undefined;
  private cancelled: Error | undefined;
  private closeCallback: ((reason: Error) => Promise<void>) | undefined;

  constructor(private readonly request: SignInRequest) {
    let markStarted!: () => void;
    this.started = new Promise<void>(resolve => {
      markStarted = resolve;
    });
    this.done = this.run(markStarted);
    this.done.then(markStarted, markStarted);
    this.done.catch(() => undefined);
  }

  /** Ends the flow now (cancelled, timed out, the server removed); `done` rejects with `reason`. */
  cancel(reason: Error): void {
    this.cancelled ??= reason;
    void this.closeCallback?.(reason);
  }

  private async run(markStarted: () => void): Promise<void> {
    const { target, log } = this.request;
    let provider: ServerOAuthProvider | undefined;
    const callback = await listenForCallback(() => provider?.flowState);
    this.closeCallback = reason => callback.close(reason);
    this.redirectUri = callback.redirectUri;
    const timer = setTimeout(() => this.cancel(new Error(`Sign-in timed out: nothing came back from the browser within ${Math.round(this.request.timeoutMs / 1000)} s`)), this.request.timeoutMs);
    timer.unref();
    try {
      provider = new ServerOAuthProvider(target, this.request.store, {
        redirectUri: callback.redirectUri,
        reuseDiscovery: false,
        redirect: async url => {
          this.throwIfCancelled();
          this.request.onStep('awaiting-browser', url.href);
          log.add({ kind: 'authorization', method: 'GET', url: url.href, outcome: 'waiting', detail: 'sent to the browser' });
          markStarted();
          await this.request.open(url.href);
        }
      });
      const fetchFn = log.recording(this.stepping(fetch));
      const options = { serverUrl: target.resource, fetchFn, ...(this.request.resourceMetadataUrl && { resourceMetadataUrl: new URL(this.request.resourceMetadataUrl) }) };
      const first = await auth(provider, { ...options, ...(this.request.scope && { scope: this.request.scope }), forceReauthorization: this.request.forceReauthorization });
      if (first === 'AUTHORIZED') return;
      const params = await callback.received;
      log.settle('authorization', params.has('error') ? 'error' : 'ok', params.has('error') ? 'the browser came back refused' : 'the browser came back');
      log.add({ kind: 'callback', method: 'GET', url: `${callback.redirectUri}?${params.toString()}`, outcome: params.has('error') ? 'error' : 'ok' });
      const refused = params.get('error');
      // Only the error code: the description is the authorization server's text (an attacker's, in a mix-up).
      if (refused) throw new Error(`The authorization server did not grant access (${refused.slice(0, 64)})`);
      const code = params.get('code');
      if (!code) throw new Error('The sign-in callback carried no authorization code');
      this.request.onStep('exchanging-code');
      provider.exchangingCode = true;
      const iss = params.get('iss');
      await auth(provider, { ...options, authorizationCode: code, ...(iss !== null && { iss }) });
    } catch (err) {
      const ended = this.cancelled ?? err;
      log.settle('authorization', 'error', ended instanceof Error ? ended.message : String(ended));
      throw ended;
    } finally {
      clearTimeout(timer);
      await callback.close(this.cancelled ?? new Error('The sign-in ended'));
    }
  }

  private throwIfCancelled(): void {
    if (this.cancelled) throw this.cancelled;
  }

  /** A fetch that moves the status along (registering, refreshing) before each OAuth request goes out. */
  private stepping(base: typeof fetch): typeof fetch {
    return async (input, init) => {
      this.throwIfCancelled();
      const body = init?.body;
      if (body instanceof URLSearchParams && body.get('grant_type') === 'refresh_token') this.request.onStep('refreshing');
      else if (typeof body === 'string' && body.includes('"redirect_uris"')) this.request.onStep('registering');
      return base(input, init);
    };
  }
}
