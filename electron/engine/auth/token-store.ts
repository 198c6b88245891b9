// Sign-in secrets per server and authorization server (issuer): the tokens of each grant, the client each
// authorization server registered for us, and the discovery state a flow needs across its redirect. All of it
// is one JSON text in the host's vault (SecretVaultPort), loaded once and written after every change. A grant
// is bound to the server URL it was made for: a server whose URL changed in the config starts signed out.
import { randomUUID } from 'node:crypto';
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { ClientRegistration, ServerId } from '../../../shared/contract';
import type { SecretVaultPort } from '../ports';

export interface Grant {
  /** The server URL the grant was made for. */
  resource: string;
  issuer: string;
  tokens: StoredOAuthTokens;
  /** When the tokens were saved (ms epoch): `expires_in` counts from here. */
  savedAt: number;
  /** Stable across refreshes, new at each sign-in: identifies the principal when the AS names no user. */
  grantId: string;
  /** Who signed in, when the authorization server said (ID token claims). */
  user?: string;
  subject?: string;
}

export interface RegisteredClient {
  info: StoredOAuthClientInformation;
  registration: ClientRegistration;
}

interface ServerRecord {
  /** Grants by issuer; `current` names the one in use. */
  grants: Record<string, Grant>;
  current?: string;
  /** Clients registered with each issuer (Dynamic Client Registration results). */
  clients: Record<string, RegisteredClient>;
  discovery?: OAuthDiscoveryState;
}

interface VaultData {
  version: 1;
  servers: Record<ServerId, ServerRecord>;
}

const emptyRecord = (): ServerRecord => ({ grants: {}, clients: {} });

export class TokenStore {
  private data: VaultData = { version: 1, servers: {} };
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly vault: SecretVaultPort) {}

  /** Reads the vault; an unreadable one is reported and set aside (everyone signs in again), never fatal. */
  async load(): Promise<void> {
    let text: string | undefined;
    try {
      text = await this.vault.read();
    } catch (err) {
      console.warn(`[engine] the sign-in vault could not be read (${(err as Error).message}); servers start signed out`);
      return;
    }
    if (!text) return;
    try {
      const parsed = JSON.parse(text) as Partial<VaultData>;
      if (parsed.version === 1 && typeof parsed.servers === 'object' && parsed.servers !== null) this.data = { version: 1, servers: parsed.servers };
    } catch {
      console.warn('[engine] the sign-in vault is not valid JSON; servers start signed out');
    }
  }

  /** The grant in use for the server, if it was made for `resource` (the server's URL now). */
  grant(serverId: ServerId, resource: string, issuer?: string): Grant | undefined {
    const record = this.data.servers[serverId];
    const key = issuer ?? record?.current;
    const grant = key === undefined ? undefined : record?.grants[key];
    return grant && grant.resource === resource ? grant : undefined;
  }

  /**
   * Saves tokens from a code exchange (`fresh`: a new grant, a new principal) or a refresh (the grant keeps its
   * id and user). Returns the grant as saved.
   */
  async saveTokens(serverId: ServerId, resource: string, issuer: string, tokens: StoredOAuthTokens, who: { fresh: boolean; user?: string; subject?: string }): Promise<Grant> {
    const record = this.record(serverId);
    const previous = record.grants[issuer];
    const keep = !who.fresh && previous?.resource === resource ? previous : undefined;
    const grant: Grant = {
      resource,
      issuer,
      // A refresh response may omit the refresh token: the one we had stays valid (RFC 6749 §6).
      tokens: { ...tokens, ...(tokens.refresh_token === undefined && keep?.tokens.refresh_token !== undefined && { refresh_token: keep.tokens.refresh_token }) },
      savedAt: Date.now(),
      grantId: keep?.grantId ?? randomUUID(),
      ...((who.user ?? keep?.user) !== undefined && { user: who.user ?? keep?.user }),
      ...((who.subject ?? keep?.subject) !== undefined && { subject: who.subject ?? keep?.subject })
    };
    record.grants[issuer] = grant;
    record.current = issuer;
    await this.persist();
    return grant;
  }

  /** Forgets the server's tokens (every issuer's); registered clients stay, so signing in again skips registration. */
  async dropGrants(serverId: ServerId): Promise<void> {
    const record = this.data.servers[serverId];
    if (!record) return;
    record.grants = {};
    delete record.current;
    await this.persist();
  }

  client(serverId: ServerId, issuer: string): RegisteredClient | undefined {
    return this.data.servers[serverId]?.clients[issuer];
  }

  async saveClient(serverId: ServerId, issuer: string, client: RegisteredClient): Promise<void> {
    this.record(serverId).clients[issuer] = client;
    await this.persist();
  }

  async dropClient(serverId: ServerId, issuer: string): Promise<void> {
    const record = this.data.servers[serverId];
    if (!record?.clients[issuer]) return;
    delete record.clients[issuer];
    await this.persist();
  }

  discovery(serverId: ServerId): OAuthDiscoveryState | undefined {
    return this.data.servers[serverId]?.discovery;
  }

  async saveDiscovery(serverId: ServerId, state: OAuthDiscoveryState | undefined): Promise<void> {
    const record = this.record(serverId);
    if (state) record.discovery = state;
    else delete record.discovery;
    await this.persist();
  }

  /** Everything about a server removed from the config. */
  async forget(serverId: ServerId): Promise<void> {
    if (!this.data.servers[serverId]) return;
    delete this.data.servers[serverId];
    await this.persist();
  }

  private record(serverId: ServerId): ServerRecord {
    return (this.data.servers[serverId] ??= emptyRecord());
  }

  /**
   * Settles once every write asked for so far has ended (a refresh's new tokens among them): the engine waits for it
   * as it closes, so an app quit just after a refresh keeps the rotated refresh token, not the spent one.
   */
  flush(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  /** Writes one after another, each with the data as it is when its turn comes. */
  private persist(): Promise<void> {
    this.writing = this.writing.catch(() => undefined).then(() => this.vault.write(JSON.stringify(this.data)));
    return this.writing;
  }
}
