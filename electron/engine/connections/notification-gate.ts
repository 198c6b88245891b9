// Decides, per inbound notification, whether it goes on to the client: a server flooding `resources/updated`
// must not flood the page. Unwatched URIs are counted and dropped; watched ones are coalesced per URI.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { ReadBudgetPolicy, ThrottleCounts } from './read-budget';

/** What readers look for, in bytes, to gate a message before the SDK parses and checks it: only small messages
 * that contain these bytes are decoded early (the SDK's schema check costs several times a plain parse, and a
 * flood is mostly dropped here). */
export const GATED_TEXT = 'notifications/resources/updated';
export const GATED_BYTES = Buffer.from(GATED_TEXT);
export const GATED_MAX_BYTES = 4096;

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
