// The seams between the connection layer and the engine's feature modules (cache, protocol log,
// input-required broker, subscriptions). The connection layer depends only on these interfaces;
// engine.ts wires the real implementations in.
import type { AuthProvider, Client, ElicitResult, FetchLike, ResponseCacheStore, Transport } from '@modelcontextprotocol/client';
import type { LastKnownList } from './cache/last-known';
import type { AuthStatus, CacheInfo, CacheMode, HttpServerConfig, ProtocolEra, ServerConfigEntry, ServerId } from '../../shared/contract';

/** What a feature module may know about one live connection. */
export interface LiveConnection {
  serverId: ServerId;
  client: Client;
  era: ProtocolEra;
  capabilities: Record<string, unknown>;
  /** Stable identity of the credential in use (hash of the auth header/token), '' when none. */
  credentialId: string;
}

/** Cache module (electron/engine/cache). One store shared by every connection. */
export interface CachePort {
  /**
   * The store to pass as `responseCacheStore` to the Client of `serverId`. `identity` (the config's
   * `cacheIdentityOf`: a hash of everything that can change what the server answers) lets public entries be
   * shared by servers configured alike; default: none shared.
   */
  storeFor(serverId: ServerId, identity?: string): ResponseCacheStore;
  /** The `cachePartition` option for a client: private entries are bound to server + credential. */
  partitionFor(serverId: ServerId, credentialId: string): string;
  /** The `defaultCacheTtlMs` client option: TTL for results without hints (2025 servers); 0 = not served. */
  readonly defaultTtlMs: number;
  /**
   * Runs one cacheable call and reports what the cache did for it (hit, miss + stored, bypass).
   * Lookups and stores made by the SDK inside `run` are attributed to this call. `run` must return the
   * SDK's result unchanged: when a refetch fails, the stale cached result is returned in its place.
   */
  track<T>(serverId: ServerId, method: string, params: string, mode: CacheMode, run: () => Promise<T>): Promise<{ value: T; cache: CacheInfo }>;
  /**
   * One page of a list the caller walks itself with `cursor` (the SDK caches only whole-list walks made
   * without a cursor). A fresh cached page is returned without calling `fetch`; each page keeps its own
   * ttlMs and cacheScope. A cursor the server rejects (-32602) drops every cached page of that list and the
   * error is rethrown unchanged: restart from the first page. `fetch` must return the server's page as is.
   * A page fetched and stored comes with its stored JSON text (`text`, in parts), made once for the cache.
   */
  page<T extends object>(serverId: ServerId, method: string, cursor: string | undefined, mode: CacheMode, fetch: () => Promise<T>): Promise<{ value: T; cache: CacheInfo; text?: () => readonly string[] }>;
  /**
   * Wraps a client transport so that results of MRTR retries (requests carrying `inputResponses` or
   * `requestState`) are never cached: the SDK would otherwise store them. Compose with the protocol-log tap.
   */
  guardTransport<T extends Transport>(transport: T): T;
  /** Drops the server's private entries (signed out, or another user signed in); returns how many. */
  dropPrivate(serverId: ServerId): number;
  /**
   * The last known public resource list of servers configured as `configIdentity` (`cacheIdentityOf`), from
   * the cached pages alone (no request; the server need not be connected), or undefined without a whole one.
   */
  lastKnownResources(configIdentity: string): LastKnownList | undefined;
  /** Changes with every entry stored or removed: what was read from the cache still holds while this stays the same. */
  version(): number;
}

/** Protocol log module (electron/engine/protocol-log). */
export interface ProtocolLogPort {
  /**
   * Wraps a transport so that every frame in both directions is recorded for `serverId`; `onUnmatched` hears of each
   * answer from the server that no request awaits, paused or not.
   */
  tap<T extends Transport>(transport: T, serverId: ServerId, onUnmatched?: (id: string | number) => void): T;
  /** Records that a result was served from the cache: no frame went on the wire. */
  recordCacheHit(serverId: ServerId, method: string, params: unknown): void;
  /** Records a line a stdio server wrote to stdout that is not JSON-RPC (the transport skipped it). */
  recordNotJsonRpc(serverId: ServerId, line: string): void;
}

/** What a read learns from the input broker while it runs (for `ReadResult.inputRounds`), and the SDK options it must use. */
export interface ReadInputContext {
  /** Rounds of input this read has gone through so far (0 when none). */
  readonly rounds: number;
  /** The SDK call's `signal`: the caller's abort, plus the read's timeout, which does not count time spent waiting for the user. */
  readonly signal: AbortSignal;
  /** The SDK call's `timeout`: unbounded, because `signal` carries the read's timeout (the SDK's own timer cannot pause). */
  readonly timeoutMs: number;
}

/** The caller's abort signal and timeout for a read run under input control. */
export interface ReadLimits {
  signal: AbortSignal;
  timeoutMs: number;
}

/** Input-required broker (electron/engine/input-required): elicitation requests <-> answers from the UI. */
export interface InputPort {
  /**
   * Handles one `elicitation/create` (pushed by 2025 servers or embedded in a 2026 input_required result).
   * Pass the handler context's `mcpReq.signal` so a cancelled read withdraws its dialog.
   */
  elicit(serverId: ServerId, params: unknown, signal?: AbortSignal): Promise<ElicitResult>;
  /**
   * Runs a read so that elicitations made during it are attributed to `uri` with a round counter, and so
   * that its timeout (`limits.timeoutMs`) pauses while the user is being asked.
   */
  withReadContext<T>(serverId: ServerId, uri: string, limits: ReadLimits, run: (read: ReadInputContext) => Promise<T>): Promise<T>;
  /** The `inputRequired.maxRounds` client option. */
  readonly maxRounds: number;
}

/** Subscriptions module (electron/engine/subscriptions). */
export interface SubscriptionPort {
  /** A connection came up (first time or after a reconnect): (re)establish every watch for it. */
  attach(conn: LiveConnection): void;
  /** The connection went away: mark watches as resuming; they come back on the next attach. */
  detach(serverId: ServerId): void;
  /** Whether anything watches `uri` on this server (updates for other URIs are counted, not forwarded). */
  isWatched(serverId: ServerId, uri: string): boolean;
}

/**
 * Where sign-in secrets (tokens, registered clients) are kept: one opaque text. The host chooses how it is
 * protected at rest: Electron encrypts it with the OS keychain (`safeStorage`), browser mode and the CLI keep a
 * 0600 file in the data dir (auth/file-vault.ts). Never the config file.
 */
export interface SecretVaultPort {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

/** What the HTTP transports of one URL server use to sign their requests (electron/engine/auth). */
export interface TransportAuth {
  /** The bearer token source: refreshes before expiry and on a 401; a 401 without a usable token marks sign-in required. */
  authProvider: AuthProvider;
  /** Records the server's `WWW-Authenticate` challenges (401, 403 insufficient_scope) for the auth status. */
  fetch: FetchLike;
}

/** Sign-in (electron/engine/auth) as the connection layer sees it. */
export interface AuthPort {
  /** `base`: the fetch the returned one wraps. */
  transportAuth(serverId: ServerId, entry: HttpServerConfig, base: FetchLike): TransportAuth;
  /** The sign-in status of a URL server with this entry, for its `ServerState`. */
  status(serverId: ServerId, entry: HttpServerConfig): AuthStatus;
  /** Who is signed in (issuer and subject or grant, hashed into the private cache partition); '' when nobody. */
  principal(serverId: ServerId, entry: ServerConfigEntry): string;
}

/** The feature modules as the connection layer and the request paths see them; engine.ts builds each once. */
export interface EnginePorts {
  cache: CachePort;
  log: ProtocolLogPort;
  input: InputPort;
  subscriptions: SubscriptionPort;
  auth: AuthPort;
}
