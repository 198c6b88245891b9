// Per-server read budgets: each connection reads its server's traffic at a bounded rate, so a server that
// floods (100,000 notifications a second) cannot starve the event loop that serves the others. Going over the
// budget stops reading for the rest of the window (stdio: the process's stdout is paused, so the OS pipe
// pushes back; HTTP: the response body is not pulled, so TCP pushes back), and the flooding server blocks on
// its own writes. Notifications that get through are then coalesced or dropped (notification-gate.ts).
import type { Readable } from 'node:stream';

export interface ReadBudgetPolicy {
  /** Messages (lines) a server may send per second before its stream is paused. */
  messagesPerSecond: number;
  /** Bytes per second, likewise (a 200 MB line is read at this pace, not all at once). */
  bytesPerSecond: number;
  /**
   * `resources/updated` for one URI is delivered at most once per this many ms (the latest wins). Short enough
   * that a held update reaches the page well within 100 ms; the page then applies what arrived once a frame.
   */
  coalesceMs: number;
  /** A server counts as throttled until this long passes without going over its budget. */
  quietMs: number;
}

export const defaultReadBudget: ReadBudgetPolicy = { messagesPerSecond: 2_000, bytesPerSecond: 32 * 1024 * 1024, coalesceMs: 50, quietMs: 2_000 };

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

/**
 * One server's read budget, shared by every stream read from it (stdio: its stdout; HTTP: each response body).
 * A reader spends what it read and is told how long to wait before reading more: the rest of the current
 * window once the window's share is spent.
 */
export class ReadMeter {
  private windowStart = 0;
  private messages = 0;
  private bytes = 0;

  constructor(
    private readonly policy: ReadBudgetPolicy,
    private readonly counts: ThrottleCounts,
    private readonly onOver: () => void
  ) {}

  /** Milliseconds the reader waits before its next read; 0 while within the budget. */
  spend(bytes: number, messages: number): number {
    const now = Date.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.messages = 0;
      this.bytes = 0;
    }
    this.bytes += bytes;
    this.messages += messages;
    const share = WINDOW_MS / 1000;
    if (this.messages <= this.policy.messagesPerSecond * share && this.bytes <= this.policy.bytesPerSecond * share) return 0;
    const wait = Math.max(1, this.windowStart + WINDOW_MS - now);
    this.counts.pauses++;
    this.counts.pausedMs += wait;
    this.onOver();
    return wait;
  }
}

/**
 * Meters a Node stream (a stdio server's stdout): over the budget, the stream is paused for the wait, so the
 * OS pipe pushes back and the server blocks on its own writes. The SDK's own listener reads the same chunks
 * (first: it is attached first), so `weight` can say what the chunk turned out to be (a dropped line's bytes
 * count more: oversize-guard.ts).
 */
export function meterReadable(stream: Readable, meter: ReadMeter, weight: () => number = () => 1): void {
  let resumeTimer: NodeJS.Timeout | undefined;
  stream.on('data', (chunk: Buffer) => {
    let lines = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
    const wait = meter.spend(chunk.length * weight(), lines);
    if (wait === 0 || resumeTimer) return;
    stream.pause();
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      if (!stream.destroyed) stream.resume();
    }, wait);
  });
  stream.once('close', () => clearTimeout(resumeTimer));
}

