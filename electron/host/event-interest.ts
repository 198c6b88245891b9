// Which engine events each subscriber (a browser-mode socket, an Electron window) is sent. The rule, for
// both carriers: a subscriber that has never said what it listens to gets every event; once it sends a
// valid interest envelope, only the events it named, until it sends another. A malformed envelope
// changes nothing.
import { eventInterestEnvelopeSchema } from '../../shared/contract';

/** One subscriber's interest. */
export class EventInterest {
  // Undefined: every event (a client that never says what it listens to, as before interest existed).
  private wanted: ReadonlySet<string> | undefined;

  /** Applies an interest envelope; false (and the interest unchanged) when it is not a valid one. */
  accept(raw: unknown): boolean {
    const parsed = eventInterestEnvelopeSchema.safeParse(raw);
    if (!parsed.success) return false;
    this.wanted = new Set(parsed.data.names);
    return true;
  }

  wants(eventName: string): boolean {
    return this.wanted === undefined || this.wanted.has(eventName);
  }
}

/** Interests of many subscribers by key (Electron: one per window, by webContents id). */
export class EventInterests<K> {
  private readonly byKey = new Map<K, EventInterest>();

  /** Applies `subscriber`'s interest envelope; false (and its interest unchanged) when it is not a valid one. */
  accept(subscriber: K, raw: unknown): boolean {
    const interest = this.byKey.get(subscriber) ?? new EventInterest();
    if (!interest.accept(raw)) return false;
    this.byKey.set(subscriber, interest);
    return true;
  }

  wants(subscriber: K, eventName: string): boolean {
    return this.byKey.get(subscriber)?.wants(eventName) ?? true;
  }

  /** A closed subscriber, or a window whose page was replaced: its interest is dropped (it gets every event again). */
  forget(subscriber: K): void {
    this.byKey.delete(subscriber);
  }

  /** How many subscribers have said what they want. */
  get size(): number {
    return this.byKey.size;
  }
}
