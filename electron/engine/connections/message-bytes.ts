// The bytes of one message still being read (a stdio line, an HTTP body, an event-stream event), copied into one
// buffer that the reader keeps from message to message. Why not keep the chunks as they came (64 KB pipe reads):
// a big message's chunks live until it ends, so each is promoted to V8's old space, and every 64 MB of memory
// promoted that way starts a full mark-compact. Beside a server sending 64 MB messages at the read budget, that
// was a mark-compact every 0.3–2 s, 30–130 ms each on a loaded machine, stalling every other connection (bench
// /isolation.ts). Copied here, the chunks die young (the scavenger frees them) and the kept buffer, allocated once,
// never counts as new memory again.
const FIRST_BYTES = 64 * 1024;
/** A buffer bigger than this is let go after this long without a message that needs it. */
const KEEP_BYTES = 1024 * 1024;
const IDLE_RELEASE_MS = 10_000;

export class MessageBytes {
  private store = Buffer.allocUnsafe(0);
  private used = 0;
  private releaseTimer: NodeJS.Timeout | undefined;
  private releaseDue = false;

  /** `maxBytes`: the most one message may hold (the caller stops appending there). */
  constructor(private readonly maxBytes: number) {}

  get length(): number {
    return this.used;
  }

  append(bytes: Uint8Array): void {
    const needed = this.used + bytes.length;
    if (needed > KEEP_BYTES) this.keep();
    if (needed > this.store.length) this.grow(needed);
    this.store.set(bytes, this.used);
    this.used = needed;
  }

  /** The bytes so far; valid until the next append or reset (decode or copy them before). */
  view(): Buffer {
    return this.store.subarray(0, this.used);
  }

  /** Empties it for the next message; a big buffer is kept for a while, for the next big message. */
  reset(): void {
    const neededBig = this.used > KEEP_BYTES;
    this.used = 0;
    if (this.releaseDue) return this.release();
    if (!neededBig) return;
    clearTimeout(this.releaseTimer);
    // Due while a (small) message is being read: let go when it ends.
    this.releaseTimer = setTimeout(() => (this.used === 0 ? this.release() : (this.releaseDue = true)), IDLE_RELEASE_MS).unref();
  }

  /** Lets the buffer go (the stream ended). */
  release(): void {
    clearTimeout(this.releaseTimer);
    this.releaseTimer = undefined;
    this.releaseDue = false;
    this.used = 0;
    this.store = Buffer.allocUnsafe(0);
  }

  /** A big message is using the buffer: it is not let go. */
  private keep(): void {
    clearTimeout(this.releaseTimer);
    this.releaseTimer = undefined;
    this.releaseDue = false;
  }

  private grow(needed: number): void {
    let size = Math.max(FIRST_BYTES, this.store.length);
    while (size < needed) size *= 2;
    size = Math.max(needed, Math.min(size, this.maxBytes));
    // allocUnsafeSlow: a buffer of its own, not a slice of Node's shared pool that would keep the pool alive.
    const bigger = Buffer.allocUnsafeSlow(size);
    this.store.copy(bigger, 0, 0, this.used);
    this.store = bigger;
  }
}
