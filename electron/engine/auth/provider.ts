// The OAuthClientProvider the SDK's `auth()` drives for one server: where client registrations, tokens and
// discovery state are read and saved (the TokenStore, per server and issuer), the flow's PKCE verifier and
// `state` (memory only), and the hand-off to the browser. The client id comes from, in this order: the
// server's config (`oauth.clientId`), a Client ID Metadata Document (`oauth.clientMetadataUrl`, used by the SDK
// only where the authorization server advertises support), Dynamic Client Registration (RFC 7591).
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens
} from '@modelcontextprotocol/client';
import type { OAuthConfig, ServerId } from '../../../shared/contract';
import { identityOf } from './id-token';
import type { TokenStore } from './token-store';

const CLIENT_NAME = 'MCP Resource Browser';

/** What one use of the provider may do: a sign-in (with a redirect URI listening) or a silent refresh. */
export interface ProviderMode {
  /** The loopback redirect URI of an interactive flow; absent for a silent refresh, which must never redirect. */
  redirectUri?: string;
  /** The browser hand-off; a silent refresh's throws (sign-in is required). */
  redirect(authorizationUrl: URL): Promise<void>;
  /** Whether discovery state saved by an earlier flow may be reused (not for a new sign-in: the AS may have moved). */
  reuseDiscovery: boolean;
}

export interface ProviderTarget {
  serverId: ServerId;
  /** The server URL: the protected resource. */
  resource: string;
  /** The entry's `oauth` settings, `${env:…}` already expanded. */
  oauth: OAuthConfig | undefined;
}

/** A redirect URI that is never listened on: a silent refresh must say one, and never gets to use it. */
const SILENT_REDIRECT_URI = 'http://127.0.0.1/callback';

export class ServerOAuthProvider implements OAuthClientProvider {
  /** The CSRF `state` of this flow (RFC 6749 §10.12); the loopback callback accepts only this value. */
  readonly flowState = randomBytes(32).toString('base64url');
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** Set while exchanging a code: the tokens saved then start a new grant (a new principal). */
  exchangingCode = false;

  constructor(
    private readonly target: ProviderTarget,
    private readonly store: TokenStore,
    private readonly mode: ProviderMode
  ) {
    if (mode.reuseDiscovery) this.discovery = store.discovery(target.serverId);
  }

  get redirectUrl(): string {
    return this.mode.redirectUri ?? SILENT_REDIRECT_URI;
  }

  get clientMetadataUrl(): string | undefined {
    return this.target.oauth?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const secret = this.target.oauth?.clientSecret;
    return {
      client_name: CLIENT_NAME,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A desktop app cannot keep a secret it registers for itself (RFC 8252 §8.5): a public client, unless configured.
      token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
      application_type: 'native'
    };
  }

  state(): string {
    return this.flowState;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const configured = this.target.oauth;
    if (configured?.clientId) return { client_id: configured.clientId, ...(configured.clientSecret && { client_secret: configured.clientSecret }) };
    return ctx ? this.store.client(this.target.serverId, ctx.issuer)?.info : undefined;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    if (!ctx) return;
    const registration = info.client_id === this.clientMetadataUrl ? 'metadata-document' : 'dynamic';
    await this.store.saveClient(this.target.serverId, ctx.issuer, { info, registration });
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    return this.store.grant(this.target.serverId, this.target.resource, ctx?.issuer)?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? this.discovery?.authorizationServerMetadata?.issuer ?? this.discovery?.authorizationServerUrl;
    if (!issuer) throw new Error('The authorization server that issued these tokens is unknown');
    const who = identityOf(tokens.id_token);
    await this.store.saveTokens(this.target.serverId, this.target.resource, issuer, tokens, { fresh: this.exchangingCode, ...who });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    await this.mode.redirect(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No sign-in is in progress for this server');
    return this.verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.discovery = state;
    await this.store.saveDiscovery(this.target.serverId, state);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  /** The issuer discovery resolved in this flow, if it got that far. */
  issuer(): string | undefined {
    return this.discovery?.authorizationServerMetadata?.issuer;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { serverId } = this.target;
    const issuer = this.issuer();
    if (scope === 'all' || scope === 'tokens') await this.store.dropGrants(serverId);
    if ((scope === 'all' || scope === 'client') && issuer) await this.store.dropClient(serverId, issuer);
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') {
      this.discovery = undefined;
      await this.store.saveDiscovery(serverId, undefined);
    }
  }
}
