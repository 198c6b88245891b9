// Per-server read budgets: each connection reads its server's traffic at a bounded rate, so a server that
// floods (100,000 notifications a second) cannot starve the event loop that serves the others. Over stdio,
// going over the budget pauses the process's stdout for the rest of the window, so the OS pipe pushes back
// and the flooding server blocks on its own writes. Notifications that get through are then coalesced
// (`resources/updated` per URI) or counted and dropped when nobody watches them (NotificationGate).
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Readable } from 'node:stream';

export interface ReadBudgetPolicy {
  /** Messages (lines) a server may send per second before its stream is paused. */
  messagesPerSecond: number;
  /** Bytes per second, likewise (a 200 MB line is read at this pace, not all at once). */
  bytesPerSecond: number;
  /** `resources/updated` for one URI is delivered at most once per this many ms (the latest wins). */
  coalesceMs: number;
  /** A server counts as throttled until this long passes without going over its budget. */
  quietMs: number;
}

export const defaultReadBudget: ReadBudgetPolicy = { messagesPerSecond: 2_000, bytesPerSecond: 32 * 1024 * 1024, coalesceMs: 250, quietMs: 2_000 };

const WINDOW_MS = 100;

export interface ThrottleCounts {
  /** Times the stream was paused, and for how long in total (ms). */
  pauses: number;
  pausedMs: number;
  /** `resources/updated` merged into a later one for the same URI. */
  coalesced: number;
  /** Notifications for URIs nobody watches, counted and dropped. */
  unwatched: number;
}

/** Meters one readable stream: pauses it for the rest of the current window once the window's share is spent. */
export class StreamBudget {
  private windowStart = 0;
  private messages = 0;
  private bytes = 0;
  private resumeTimer: NodeJS.Timeout | undefined;
  private pausedAt = 0;

  constructor(
    private readonly policy: ReadBudgetPolicy,
    private readonly counts: ThrottleCounts,
    private readonly onOver: () => void
  ) {}

  /** Starts metering `stream` (its 'data' events; the SDK's own listener reads the same chunks). */
  attach(stream: Readable): void {
    stream.on('data', (chunk: Buffer) => this.take(stream, chunk));
    stream.once('close', () => this.dispose());
  }

  dispose(): void {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
  }

  private take(stream: Readable, chunk: Buffer): void {
    const now = Date.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.messages = 0;
      this.bytes = 0;
    }
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) this.messages++;
    const share = WINDOW_MS / 1000;
    if (this.messages <= this.policy.messagesPerSecond * share && this.bytes <= this.policy.bytesPerSecond * share) return;
    if (this.resumeTimer) return;
    stream.pause();
    this.pausedAt = now;
    this.counts.pauses++;
    this.onOver();
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = undefined;
      this.counts.pausedMs += Date.now() - this.pausedAt;
      if (!stream.destroyed) stream.resume();
    }, Math.max(1, this.windowStart + WINDOW_MS - now));
  }
}

/**
 * Decides, per inbound notification, whether it goes on to the client: `resources/updated` for a URI nobody
 * watches is counted and dropped; for a watched URI at most one per `coalesceMs` goes through, and the last
 * one held back is delivered when the interval ends (so the page always sees the latest state).
 */
export class NotificationGate {
  private readonly lastSent = new Map<string, number>();
  private readonly held = new Map<string, JSONRPCMessage>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly policy: ReadBudgetPolicy,
    private readonly counts: ThrottleCounts,
    private readonly isWatched: (uri: string) => boolean,
    private readonly onDrop: () => void
  ) {}

  /** Delivers a held-back notification later (through the transport's onmessage). */
  private deliver: (message: JSONRPCMessage) => void = () => undefined;

  admit(message: JSONRPCMessage, later: (message: JSONRPCMessage) => void): boolean {
    this.deliver = later;
    if (!('method' in message) || 'id' in message || message.method !== 'notifications/resources/updated') return true;
    const uri = (message.params as { uri?: unknown } | undefined)?.uri;
    if (typeof uri !== 'string') return true;
    if (!this.isWatched(uri)) {
      this.counts.unwatched++;
      this.onDrop();
      return false;
    }
    const now = Date.now();
    const last = this.lastSent.get(uri);
    if (last === undefined || now - last >= this.policy.coalesceMs) {
      this.lastSent.set(uri, now);
      this.held.delete(uri);
      return true;
    }
    if (this.held.has(uri)) this.counts.coalesced++;
    this.held.set(uri, message);
    this.onDrop();
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.policy.coalesceMs);
      this.flushTimer.unref();
    }
    return false;
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
    this.held.clear();
  }

  private flush(): void {
    this.flushTimer = undefined;
    const now = Date.now();
    for (const [uri, message] of this.held) {
      this.held.delete(uri);
      this.lastSent.set(uri, now);
      this.deliver(message);
    }
    // Forget URIs quiet for a while, so the map stays as small as the set of busy URIs.
    if (this.lastSent.size > 10_000) for (const [uri, at] of this.lastSent) if (now - at > this.policy.coalesceMs) this.lastSent.delete(uri);
  }
}
