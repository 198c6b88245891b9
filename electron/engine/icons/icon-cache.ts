// The engine's memory of icon answers per (server, src): data URIs and refusals alike, so a listing of
// 100k rows sharing one icon costs one fetch, and a refused icon is not asked for again. Bounded by entry
// count and by the total length of the data URIs held; least recently used entries go first. Transient
// refusals (timeout, network) expire, so a server that was briefly down gets asked again later.
import type { IconRefusal } from './icon-refusal';

export type IconAnswer = { dataUri: string } | { refusal: IconRefusal };

/** An answer and when the cache forgets it (ms since the epoch; Infinity unless it is a transient refusal). */
export interface HeldAnswer {
  answer: IconAnswer;
  expiresAt: number;
}

export interface IconCacheLimits {
  maxEntries: number;
  /** Total characters of the data URIs held. */
  maxChars: number;
  /** How long a transient refusal is remembered (ms). */
  transientTtlMs: number;
}

interface Entry {
  answer: IconAnswer;
  chars: number;
  expiresAt: number;
}

export class IconCache {
  /** Map order is recency order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly limits: IconCacheLimits,
    private readonly now: () => number = Date.now
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): HeldAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.chars -= entry.chars;
      return undefined;
    }
    this.entries.set(key, entry);
    return { answer: entry.answer, expiresAt: entry.expiresAt };
  }

  /** Holds the answer (unless it alone is over the size bound) and says until when. */
  set(key: string, answer: IconAnswer): HeldAnswer {
    const transient = 'refusal' in answer && answer.refusal.transient;
    const expiresAt = transient ? this.now() + this.limits.transientTtlMs : Infinity;
    const chars = 'dataUri' in answer ? answer.dataUri.length : 0;
    if (chars > this.limits.maxChars) return { answer, expiresAt };
    this.delete(key);
    this.entries.set(key, { answer, chars, expiresAt });
    this.chars += chars;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.chars <= this.limits.maxChars) break;
      this.delete(oldest);
    }
    return { answer, expiresAt };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }
}
