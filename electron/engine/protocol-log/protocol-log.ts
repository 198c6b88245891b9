// The protocol log: every JSON-RPC frame of every server in one bounded ring buffer, with requests and
// responses paired (latency), cache hits recorded as frame-less entries, pause, and batched
// `logAppended` events. The hot path (one frame) does no serialisation; large frames are turned into text
// once the log has been quiet for a moment (kept-frames.ts), and the byte budget counts what entries hold.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Direction, LogEntry, LogPage, LogQuery, ServerId } from '../../../shared/contract';
import { logEntryMatcher } from '../../../shared/protocol-log/match';
import type { EventBus } from '../event-bus';
import type { ProtocolLogPort } from '../ports';
import { SECRET_FIELD_SPELLINGS, redactSecrets } from '../auth/redact';
import { estimateJsonSize, type KeyWatch } from '../json-size';
import { classifyFrame, trimFrame, type TrimLimits } from './frame';
import { detached, frameText, holdAsText, keepsAsText, keptEntryText, parsedBytes, readEntry, type KeptEntry } from './kept-frames';
import { RingBuffer } from './ring-buffer';
import { tapTransport, type FrameListener } from './tap';

export interface ProtocolLogOptions {
  bus: EventBus;
  /** Most entries kept (all servers together). */
  cap?: number;
  /** Most bytes the entries hold (kept-frames.ts: a parsed frame by its estimated heap, a large one by its text). */
  byteBudget?: number;
  /** Frames estimated larger than this are kept as a trimmed copy (long strings and arrays cut). */
  maxEntryBytes?: number;
  /** How long appended entries wait before one `logAppended` event carries them all. */
  flushMs?: number;
  /** How long the log must see no frame before it turns large frames into text. */
  quietMs?: number;
}

const DEFAULT_LOG_CAP = 10_000;
const DEFAULT_BYTE_BUDGET = 64 * 1024 * 1024;
const DEFAULT_MAX_ENTRY_BYTES = 256 * 1024;
const DEFAULT_FLUSH_MS = 75;
/**
 * Large frames become text after this long without a new frame: while a listing runs they stay as they came (the
 * budget bounds them), so turning them into text (~1 ms a page) never competes with the listing for the thread.
 */
const DEFAULT_QUIET_MS = 1_000;
const TRIM_LIMITS: TrimLimits = { maxString: 8 * 1024, maxItems: 200 };
/** Requests that never get an answer (cancelled, connection lost) must not grow the pairing table forever. */
const MAX_PENDING_PER_TRANSPORT = 2_000;

interface PendingRequest {
  /** Absent for a request sent while the log was paused: its answer is then neither logged nor taken as unmatched. */
  entry?: LogEntry;
  sentAt: number;
}

interface ReplayScope {
  method: string;
  seq?: number;
}

export class ProtocolLog implements ProtocolLogPort {
  private readonly bus: EventBus;
  private readonly ring: RingBuffer<KeptEntry>;
  private readonly maxEntryBytes: number;
  private readonly flushMs: number;
  private readonly quietMs: number;
  private quietTimer: ReturnType<typeof setTimeout> | undefined;
  private lastAppendAt = 0;
  private readonly replayScope = new AsyncLocalStorage<ReplayScope>();
  private seq = 0;
  private paused = false;
  private batch: KeptEntry[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ProtocolLogOptions) {
    this.bus = options.bus;
    this.ring = new RingBuffer<KeptEntry>(options.cap ?? DEFAULT_LOG_CAP, options.byteBudget ?? DEFAULT_BYTE_BUDGET);
    this.maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  }

  tap<T extends Transport>(transport: T, serverId: ServerId, onUnmatched?: (id: string | number) => void): T {
    return tapTransport(transport, { listen: this.listener(serverId, onUnmatched) });
  }

  recordCacheHit(serverId: ServerId, method: string, params: unknown): void {
    if (this.paused) return;
    const message = { method, params };
    this.append({ seq: 0, serverId, at: Date.now(), direction: 'cache', kind: 'cache-hit', method, message, size: estimateJsonSize(message) });
  }

  /** A line a stdio server wrote to stdout that is not JSON-RPC: in the log where it came, among the frames. */
  recordNotJsonRpc(serverId: ServerId, line: string): void {
    if (this.paused) return;
    this.append({ seq: 0, serverId, at: Date.now(), direction: 'in', kind: 'not-json-rpc', message: line, size: Buffer.byteLength(line, 'utf8') });
  }

  query(query: LogQuery): LogPage {
    const match = logEntryMatcher(query, keptEntryText);
    const afterSeq = query.afterSeq ?? 0;
    const limit = query.limit ?? this.ring.cap;
    const newestFirst: KeptEntry[] = [];
    let total = 0;
    this.ring.forEachNewest(entry => {
      if (entry.seq <= afterSeq) return false;
      if (!match(entry)) return;
      total++;
      if (newestFirst.length < limit) newestFirst.push(entry);
    });
    return { entries: newestFirst.reverse().map(readEntry), dropped: this.ring.dropped, total, cap: this.ring.cap, paused: this.paused };
  }

  /** Removes every entry, or one server's. A full clear also resets the dropped count. */
  clear(serverId?: ServerId): number {
    if (serverId === undefined) {
      const cleared = this.ring.length;
      this.ring.clear();
      this.batch = [];
      return cleared;
    }
    this.batch = this.batch.filter(entry => entry.serverId !== serverId);
    return this.ring.retain(entry => entry.serverId !== serverId);
  }

  /** While paused nothing is recorded; frames still flow. */
  setPaused(paused: boolean): boolean {
    this.paused = paused;
    return this.paused;
  }

  isPaused(): boolean {
    return this.paused;
  }

  setCap(cap: number): { cap: number; dropped: number } {
    this.ring.resize(cap);
    return { cap: this.ring.cap, dropped: this.ring.dropped };
  }

  /**
   * Runs `send` (which issues one `method` request) and reports the seq of the request entry it logged,
   * or 0 when nothing was logged (paused). The request is found by async context, not by timing, so
   * concurrent traffic of the same method is never mistaken for it.
   */
  async withReplay<T>(method: string, send: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; logSeq: number }> {
    const scope: ReplayScope = { method };
    const outcome = await this.replayScope.run(scope, () =>
      send().then(
        value => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const
      )
    );
    return { outcome, logSeq: scope.seq ?? 0 };
  }

  /** Sends what is still batched and stops the timer (engine shutdown). */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.batch.length === 0) return;
    // Under a flood a batch cannot usefully hold more than the log itself keeps.
    const entries = this.batch.length > this.ring.cap ? this.batch.slice(-this.ring.cap) : this.batch;
    this.batch = [];
    // Whoever holds the event (a page's backlog) keeps large frames as they are, while the log turns its own into text.
    const sent = entries.map(entry => (keepsAsText(entry) ? detached(entry) : entry));
    this.bus.emit('logAppended', { entries: sent, dropped: this.ring.dropped });
  }

  /** Runs keepLargeFramesAsText once no frame has come for `quietMs` (one timer, not one per frame). */
  private afterQuiet(delayMs: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      const quietFor = performance.now() - this.lastAppendAt;
      this.quietTimer = quietFor >= this.quietMs ? undefined : this.afterQuiet(this.quietMs - quietFor);
      if (!this.quietTimer) this.keepLargeFramesAsText();
    }, delayMs);
    timer.unref?.();
    return timer;
  }

  /** Turns every large frame still kept as it came into text, once the batch has gone out with the frames as they are. */
  private keepLargeFramesAsText(): void {
    this.flush();
    this.ring.reweighEach(entry => {
      if (!keepsAsText(entry)) return undefined;
      const { text, bytes } = frameText(entry);
      holdAsText(entry, text);
      return bytes;
    });
  }

  /**
   * One pairing table per transport: JSON-RPC ids are only unique within one connection. An answer from the server
   * that no request awaits (an id it was never sent, or one already answered) is marked `unmatched`: it reaches no
   * one, and the request it was meant for waits for its timeout.
   */
  private listener(serverId: ServerId, onUnmatched: (id: string | number) => void = () => undefined): FrameListener {
    const pending = new Map<string, PendingRequest>();
    const track = (direction: Direction, id: string | number, request: PendingRequest) => {
      pending.set(pairKey(direction, id), request);
      if (pending.size > MAX_PENDING_PER_TRANSPORT) pending.delete(pending.keys().next().value as string);
    };
    return (direction: Direction, message: JSONRPCMessage) => {
      const info = classifyFrame(message);
      if (this.paused) {
        // Not recorded, but still followed: an answer that comes after the log resumes is not taken as unmatched.
        if (info.id === undefined) return;
        if (info.kind === 'request') track(direction, info.id, { sentAt: performance.now() });
        else if (!takeRequest(pending, direction, info.id) && direction === 'in') onUnmatched(info.id);
        return;
      }
      // One walk measures the frame and notices a token or code in it (a server echoing one), which is redacted.
      const watch: KeyWatch = { keys: SECRET_FIELD_SPELLINGS, found: false };
      const size = estimateJsonSize(message, watch);
      const trimmed = size > this.maxEntryBytes;
      const kept = watch.found ? redactSecrets(message) : message;
      const entry: LogEntry = {
        seq: 0,
        serverId,
        at: Date.now(),
        direction,
        kind: info.kind,
        message: trimmed ? trimFrame(kept, TRIM_LIMITS) : kept,
        size
      };
      if (info.method !== undefined) entry.method = info.method;
      if (info.id !== undefined) entry.id = info.id;
      if (trimmed) entry.truncated = true;
      this.append(entry, trimmed ? estimateJsonSize(entry.message) : size);

      if (info.kind === 'request' && info.id !== undefined) {
        if (direction === 'out') this.markReplay(entry);
        track(direction, info.id, { entry, sentAt: performance.now() });
      } else if ((info.kind === 'response' || info.kind === 'error') && info.id !== undefined) {
        const request = takeRequest(pending, direction, info.id);
        if (!request) {
          if (direction === 'in') {
            entry.unmatched = true;
            onUnmatched(info.id);
          }
          return;
        }
        if (!request.entry) return;
        entry.method = request.entry.method;
        entry.pairSeq = request.entry.seq;
        entry.latencyMs = Math.round((performance.now() - request.sentAt) * 10) / 10;
        request.entry.pairSeq = entry.seq;
      }
    };
  }

  private markReplay(entry: LogEntry): void {
    const scope = this.replayScope.getStore();
    if (scope && scope.seq === undefined && scope.method === entry.method) {
      scope.seq = entry.seq;
      entry.origin = 'replay';
    }
  }

  /** `jsonBytes`: the estimated JSON of what the entry keeps (a trimmed copy weighs less than the frame's `size`). */
  private append(entry: KeptEntry, jsonBytes = entry.size): void {
    entry.seq = ++this.seq;
    this.ring.push(entry, parsedBytes(jsonBytes));
    this.batch.push(entry);
    this.lastAppendAt = performance.now();
    this.quietTimer ??= this.afterQuiet(this.quietMs);
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.flushMs);
      this.flushTimer.unref?.();
    }
  }
}

function pairKey(direction: Direction, id: string | number): string {
  return `${direction}:${typeof id}:${id}`;
}

/**
 * Removes and returns the request an answer travelling in `direction` is for. A numeric string answers a number, as
 * the SDK takes it (it looks requests up by `Number(id)`), so such an answer is paired, not called unmatched.
 */
function takeRequest(pending: Map<string, PendingRequest>, direction: Direction, id: string | number): PendingRequest | undefined {
  const requestDirection: Direction = direction === 'in' ? 'out' : 'in';
  const keys = [pairKey(requestDirection, id)];
  if (typeof id === 'string' && /^\d+$/.test(id)) keys.push(pairKey(requestDirection, Number(id)));
  for (const key of keys) {
    const request = pending.get(key);
    if (request) {
      pending.delete(key);
      return request;
    }
  }
  return undefined;
}
