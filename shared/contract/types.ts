// Domain types shared by the engine (main process) and the renderer.
// Everything here is plain JSON: it crosses Electron IPC and the browser-mode WebSocket unchanged.
import type { AppError } from './app-error';
import type { AuthStatus } from './auth';
import type { LogDirection } from './param-schemas';
import type { TransportKind } from './server-config';

export type ServerId = string;

type ServerStatus = 'connecting' | 'connected' | 'reconnecting' | 'error' | 'disconnected';
export type ProtocolEra = 'modern' | 'legacy';

interface Implementation {
  name: string;
  version: string;
  title?: string;
}

export interface ReconnectEvent {
  at: number;
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface ServerState {
  id: ServerId;
  transport: TransportKind;
  status: ServerStatus;
  era?: ProtocolEra;
  protocolVersion?: string;
  serverInfo?: Implementation;
  /** Raw capabilities object from discover/initialize. */
  capabilities?: Record<string, unknown>;
  instructions?: string;
  lastError?: AppError;
  /** Consecutive failed attempts since a connection last stayed up for the stable period (30 s). */
  reconnectAttempt: number;
  nextRetryAt?: number;
  /** For stdio: the command line; for HTTP: the URL. */
  endpoint: string;
  disabled?: boolean;
  /** Not started yet: it waits for its turn to boot at launch (docs/engine.md, `start`). `status` is `disconnected`. */
  startQueued?: boolean;
  /** Present while the server sends more than its read budget: the engine pauses reading it (docs/engine.md). */
  throttle?: ThrottleState;
  /** A stdio server's stdout lines that were not JSON-RPC (its logs belong on stderr): how many, and the last. */
  stdoutNoise?: { since: number; lines: number; last: string };
  /** Answers whose id no request awaited (its requests then wait for their timeout): how many, and the last id as JSON. */
  unmatchedAnswers?: { since: number; count: number; lastId: string };
  /**
   * Sign-in (OAuth) of a URL server, apart from `status`: a server that needs sign-in shows `status: 'error'`
   * with `lastError.code: 'unauthorized'` and `auth.state: 'required'`. Absent for stdio servers.
   */
  auth?: AuthStatus;
}

interface ThrottleState {
  /** When it went over its budget (ms epoch). */
  since: number;
  /** Times its stream was paused, and for how long in total (ms), since the connection started. */
  pauses: number;
  pausedMs: number;
  /** `resources/updated` merged into a later one for the same URI. */
  coalesced: number;
  /** Notifications for URIs nobody watches, counted and dropped. */
  unwatched: number;
}

export interface ServerDetails extends ServerState {
  /** The `server/discover` result (modern) or the `initialize` result (legacy). */
  handshake?: unknown;
  reconnectHistory: ReconnectEvent[];
  /** Last lines of a stdio server's stderr (bounded). */
  stderr: StderrLine[];
  stderrDropped: number;
  notifications: ReceivedNotification[];
  /** Lines from the server that were not JSON-RPC messages, skipped (stdio; absent when none). */
  malformedMessages?: number;
  /** For stdio: the server process id while connected. */
  pid?: number;
  /** How the era of the current connection was chosen: a saved verdict (`prior`) or a fresh probe. */
  eraVerdict?: { source: 'prior' | 'probe'; savedAt: number };
}

export interface StderrLine {
  at: number;
  text: string;
}

export interface ReceivedNotification {
  at: number;
  method: string;
  params?: unknown;
}

export type Audience = 'user' | 'assistant';

/** A server's annotations, only the valid ones (see `InvalidAnnotation` for the others). */
export interface Annotations {
  audience?: Audience[];
  /** 0 (least important) to 1 (most important). */
  priority?: number;
  /** A strict ISO 8601 date or date-time with a zone (`shared/annotations/iso-date.ts`). */
  lastModified?: string;
}

/**
 * An annotation the server sent with a value the spec does not allow: a `priority` that is not a number from 0
 * to 1, a `lastModified` that is not a strict ISO 8601 date (`parseIsoDate` in shared/annotations.ts), an
 * `audience` with an entry other than `user`/`assistant`. It is left out of `annotations` (an invalid priority
 * sorts with the unannotated items, an invalid date counts as no date; an audience keeps its valid entries).
 */
export interface InvalidAnnotation {
  field: 'priority' | 'lastModified' | 'audience';
  /** The value as sent, as text (JSON for a non-string), cut to 64 characters (a trailing `…` marks the cut). */
  raw: string;
}

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface ResourceItem {
  serverId: ServerId;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  /** Annotations the server sent invalid, at most one entry per field (absent when there are none). */
  invalidAnnotations?: InvalidAnnotation[];
  icons?: Icon[];
}

export interface TemplateItem {
  serverId: ServerId;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  /** As on `ResourceItem`. */
  invalidAnnotations?: InvalidAnnotation[];
  icons?: Icon[];
}

export type CacheState = 'fresh' | 'stale' | 'miss' | 'bypass';
export type CacheScope = 'public' | 'private';

/** What the user sees on a `cache-badge`: where the shown data came from and how fresh it is. */
export interface CacheInfo {
  state: CacheState;
  scope?: CacheScope;
  /** When the data was received from the server (ms epoch). */
  receivedAt: number;
  /** When it stops being fresh (ms epoch); absent when not cacheable. */
  expiresAt?: number;
  ttlMs?: number;
  /** Set when a refetch failed and stale data is shown instead. */
  error?: AppError;
}

/** Annotations of one content item, validated as a resource's are. */
interface ContentAnnotations {
  annotations?: Annotations;
  invalidAnnotations?: InvalidAnnotation[];
}

/**
 * Present when a read asked for previews (`previewBytes`) and this part is bigger: `text`/`blob` then hold
 * only its first `previewBytes` bytes (or nothing, `omitted`, for media that a cut would break), and `size`
 * is the whole part's size in bytes. The whole part is saved with the host's `content.save`.
 */
interface ContentPreview {
  size: number;
  omitted?: true;
}

export type ContentPart =
  | ({ uri: string; name?: string; mimeType?: string; kind: 'text'; text: string; preview?: ContentPreview } & ContentAnnotations)
  | ({ uri: string; name?: string; mimeType?: string; kind: 'blob'; blob: string; size: number; preview?: ContentPreview } & ContentAnnotations);

export interface ReadResult {
  serverId: ServerId;
  uri: string;
  contents: ContentPart[];
  cache: CacheInfo;
  /** Rounds of input-required this read went through (0 when none). */
  inputRounds: number;
}

export interface ListResult<T> {
  serverId: ServerId;
  /** Empty for a `streamOnly` call (the items came in its `listProgress` events). */
  items: T[];
  pages: number;
  cache: CacheInfo;
  /** Set by a `streamOnly` call: how many items its `listProgress` events carried (the final walk's). */
  streamed?: number;
  /**
   * Set by a `shownLastKnown` call whose live list equals the last known one item for item (so no `listProgress`
   * carried its items): that list's `receivedAt`, as `resources.lastKnown` gave it.
   */
  sameAsLastKnown?: number;
}

export interface CompletionResult {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

// ---- cache inspection ----

export interface CacheEntryInfo {
  key: string;
  serverId?: ServerId;
  method: string;
  params: string;
  scope: CacheScope;
  partition: string;
  size: number;
  storedAt: number;
  expiresAt: number;
  state: 'fresh' | 'stale';
}

export interface CacheCounters {
  hits: number;
  misses: number;
  revalidations: number;
  staleServed: number;
}

export interface CacheSnapshot {
  entries: CacheEntryInfo[];
  totalBytes: number;
  budgetBytes: number;
  countersByServer: Record<ServerId, CacheCounters>;
}

// ---- subscriptions ----

export interface SubscriptionInfo {
  serverId: ServerId;
  uri: string;
  /** `listen` (2026 subscriptions/listen), `subscribe` (2025 resources/subscribe). */
  mechanism: 'listen' | 'subscribe';
  /**
   * `active` only once the server has honoured the watch (2026: the URI is in the listen acknowledgement's
   * honoured filter; 2025: `resources/subscribe` succeeded). `refused`: the server will not send updates for
   * it (left out of the acknowledgement, subscribe answered with an error, or no `resources.subscribe`);
   * `error` says why. `pending` until the server answers; `resuming` while the connection or stream is down.
   */
  status: 'pending' | 'active' | 'refused' | 'resuming';
  updates: number;
  lastUpdated?: number;
  /** Why the watch is refused or resuming (for a refusal, the server's own error when it sent one). */
  error?: AppError;
}

// ---- input required (MRTR) ----

export type InputRequestPayload =
  | { mode: 'form'; message: string; requestedSchema: JsonObject }
  | { mode: 'url'; message: string; url: string; elicitationId?: string };

export interface PendingInputRequest {
  id: string;
  serverId: ServerId;
  /** The resource whose read asked for input, if known. */
  uri?: string;
  round: number;
  maxRounds: number;
  request: InputRequestPayload;
}

// ---- protocol log ----

export interface LogEntry {
  seq: number;
  serverId: ServerId;
  at: number;
  direction: LogDirection;
  /** `not-json-rpc`: a line a stdio server wrote to stdout that is not JSON-RPC (skipped); `message` is the line. */
  kind: 'request' | 'response' | 'error' | 'notification' | 'cache-hit' | 'not-json-rpc';
  method?: string;
  id?: string | number;
  /** For a response: ms since its request was sent. */
  latencyMs?: number;
  /** seq of the paired request/response. */
  pairSeq?: number;
  /** The JSON-RPC frame, as received or sent (for `not-json-rpc`, the line as written, cut at 4,096 characters). */
  message: unknown;
  /** Estimated size of the frame as JSON, in bytes. */
  size: number;
  /** `replay`: re-sent from the log. */
  origin?: 'replay';
  /** The frame was too large to keep whole: long strings and arrays in `message` are cut, each cut marked. */
  truncated?: boolean;
  /**
   * A server's answer (response or error) whose id no request awaits: one it was never sent, or one already
   * answered. It reaches no one, and the request it was meant for waits for its timeout.
   */
  unmatched?: boolean;
}

export interface LogPage {
  entries: LogEntry[];
  dropped: number;
  /** Entries matching the query (before `limit`). */
  total: number;
  cap: number;
  paused: boolean;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
