// What the engine knows about one transport kind, in one place: how to build it, how the era is
// negotiated over it and what to try when it fails, how a lost connection shows, and which parts of a
// config entry are its address and its credentials. Each kind's descriptor is a file of this folder,
// registered in index.ts.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { ServerConfigOf, ServerId, TransportKind } from '../../../../shared/contract';
import type { AuthPort, CachePort, ProtocolLogPort } from '../../ports';
import type { OversizeInfo } from '../oversize-guard';
import type { ReadMeter } from '../read-budget';
import type { StderrBuffer } from '../stderr-buffer';

export interface TransportObservers {
  serverId: ServerId;
  stderr: StderrBuffer;
  log: ProtocolLogPort;
  cache: CachePort;
  /** Sign-in for URL servers: their bearer tokens and challenges. */
  auth: AuthPort;
  onInbound(message: JSONRPCMessage): void;
  onOversize(info: OversizeInfo): void;
  /** A line that is not a JSON-RPC message was skipped (stdio); `sample` is the line, cut at 4,096 characters with `…`. */
  onMalformed(sample: string): void;
  /** An answer from the server that no request awaits (an id it was never sent, or one already answered). */
  onUnmatchedAnswer(id: string | number): void;
  /** The server's read budget: every stream read from it spends from it, and waits when told to. */
  readMeter: ReadMeter;
  /**
   * Whether an inbound message goes on to the client now; false when it is dropped or held back, in which
   * case `later` may be called with it (or a newer one) to deliver it after all.
   */
  admit(message: JSONRPCMessage, later: (message: JSONRPCMessage) => void): boolean;
  /** A spawned server process ended (stdio): its exit code or the signal that ended it. */
  onExit(exit: ProcessExit): void;
  /** Largest single message accepted (bytes); bigger ones are dropped, not fatal. */
  maxMessageBytes: number;
}

export interface ProcessExit {
  code: number | null;
  signal: string | null;
  /** The engine closed the process itself (it did not exit on its own). */
  asked?: boolean;
  /**
   * The process of a first connection, whose era is probed in it: the SDK settles the attempt itself when the
   * process ends (a server that exits on the probe is started again, establish.ts), so the exit need not end it.
   */
  probedInPlace?: boolean;
}

/** The SDK transport as a descriptor builds it, before the engine's own layers wrap it. */
interface RawTransport {
  transport: Transport;
  /** The server process's id once started, for transports that spawn one. */
  pid(): number | undefined;
  /**
   * Settles once the transport has sent its first request for the server's event stream, for a transport that
   * asks for it only after the handshake, unawaited (Streamable HTTP in the 2025 era).
   */
  eventStreamAsked?: Promise<void>;
}

export interface BuiltTransport extends RawTransport {
  kind: TransportKind;
}

/** Another kind to try when connecting with this one fails. */
interface TransportFallback {
  kind: TransportKind;
  /** How the combined error names it: `… (legacy SSE fallback also failed: …)`. */
  name: string;
  /** Failures the fallback cannot mend (e.g. 401/403: the other kind would be refused too). */
  isFinal(err: unknown): boolean;
}

/** How a lost connection shows on this kind. */
export interface DropSignals {
  /** The reason in `Connection lost: …` when the transport closes. */
  closedReason: string;
  /**
   * True when a dead server may not close the transport (HTTP: no process exits, and trouble on streams
   * no request awaits surfaces only as a transport error): a transport error then triggers a ping, and a
   * request failing at the transport level counts as a drop.
   */
  watchRequests: boolean;
}

export interface TransportDescriptor<K extends TransportKind> {
  kind: K;
  /** The client's era negotiation: `legacy` for a transport that predates the 2026 era (HTTP+SSE). */
  negotiation: 'auto' | 'legacy';
  fallback?: TransportFallback;
  drop: DropSignals;
  /** The SDK transport with this kind's own observers attached (stderr capture, oversize guard, headers). */
  build(entry: ServerConfigOf<K>, observers: TransportObservers): RawTransport;
  /** What the server's status shows as its address (the command line, the URL). Never a cache key. */
  endpoint(entry: ServerConfigOf<K>): string;
  /**
   * Everything in the entry that can change what the server answers (stdio: command, args, env, cwd; a URL:
   * the URL and the headers). Servers whose identities are equal share public cache entries. Plain JSON,
   * hashed by `cacheIdentityOf`, so no secret in it ever shows in a cache key.
   */
  identity(entry: ServerConfigOf<K>): unknown;
  /** The entry's secrets (env, headers), from which the private cache partition's identity is derived. */
  credentials(entry: ServerConfigOf<K>): Record<string, string> | undefined;
}
