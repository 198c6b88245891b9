// Flow control for one page's socket: while the page reads slower than the engine emits (its socket's
// send buffer is over the high-water mark), frames wait here instead of piling up in the socket. State-like
// events are coalesced to their latest value per key (a server's state, one URI's `resourceUpdated`, ...),
// protocol-log entries keep only the newest `maxLogEntries` with the rest counted in `dropped` (the page shows
// that count), stderr keeps the newest lines per server. Replies and events that carry data the page needs
// whole (list pages, removals, input requests) are never dropped, and keep their order with everything else.
import type { EngineEvent, EngineEvents, LogEntry, StderrLine } from '../../shared/contract';

/** An event, or a reply already serialised. */
export type BacklogFrame = { type: 'event'; event: EngineEvent['event']; payload: unknown } | string;
type Frame = BacklogFrame;

/** The coalescing key of an event, or undefined when every one must be delivered. */
function coalesceKey(event: EngineEvent): string | undefined {
  switch (event.event) {
    case 'serverState':
      return `serverState\u0000${event.payload.id}`;
    case 'resourceUpdated':
      return `resourceUpdated\u0000${event.payload.serverId}\u0000${event.payload.uri}`;
    case 'listChanged':
      return `listChanged\u0000${event.payload.serverId}\u0000${event.payload.list}`;
    case 'cacheChanged':
      return `cacheChanged\u0000${event.payload.serverId ?? ''}`;
    case 'cacheServed':
      return `cacheServed\u0000${event.payload.serverId}\u0000${event.payload.method}\u0000${event.payload.params}`;
    case 'subscriptionChanged':
      return `subscriptionChanged\u0000${event.payload.serverId}\u0000${event.payload.uri}`;
    case 'logAppended':
      return 'logAppended';
    case 'stderr':
      return `stderr\u0000${event.payload.serverId}`;
    default:
      return undefined;
  }
}

export interface BacklogLimits {
  /** Protocol-log entries kept while the page is behind; older ones are counted in `dropped`. */
  maxLogEntries: number;
  /** Stderr lines kept per server while the page is behind. */
  maxStderrLines: number;
}

const defaultBacklogLimits: BacklogLimits = { maxLogEntries: 2_000, maxStderrLines: 200 };

export class EventBacklog {
  /** Insertion-ordered: a coalesced event keeps the place of its first occurrence. */
  private readonly frames = new Map<string, Frame>();
  private serial = 0;
  /** Events merged into an earlier one (for the figures and tests). */
  coalesced = 0;
  /**
   * Protocol-log entries this channel dropped, over its life. The engine's own `dropped` is its ring's total,
   * so the session adds this to every `logAppended` it sends: the page's count only ever grows.
   */
  logDropped = 0;

  constructor(private readonly limits: BacklogLimits = defaultBacklogLimits) {}

  get size(): number {
    return this.frames.size;
  }

  /** Frames that can never be coalesced or dropped (replies, list pages, ...). */
  undroppable = 0;

  addReply(reply: string): void {
    this.frames.set(`#${++this.serial}`, reply);
    this.undroppable++;
  }

  addEvent(event: EngineEvent): void {
    const key = coalesceKey(event);
    const frame: Frame = { type: 'event', event: event.event, payload: event.payload };
    if (key === undefined) {
      this.frames.set(`#${++this.serial}`, frame);
      this.undroppable++;
      return;
    }
    const earlier = this.frames.get(key) as { payload: unknown } | undefined;
    if (!earlier) {
      this.frames.set(key, event.event === 'logAppended' || event.event === 'stderr' ? { ...frame, payload: this.trimmed(event) } : frame);
      return;
    }
    this.coalesced++;
    if (event.event === 'logAppended') {
      const before = earlier.payload as EngineEvents['logAppended'];
      earlier.payload = this.trimmed({ event: 'logAppended', payload: { entries: [...before.entries, ...event.payload.entries], dropped: event.payload.dropped } });
    } else if (event.event === 'stderr') {
      const before = earlier.payload as EngineEvents['stderr'];
      earlier.payload = this.trimmed({ event: 'stderr', payload: { serverId: before.serverId, lines: [...before.lines, ...event.payload.lines] } });
    } else earlier.payload = event.payload;
  }

  /** Takes everything queued, in order. */
  drain(): Frame[] {
    const out = [...this.frames.values()];
    this.frames.clear();
    this.undroppable = 0;
    return out;
  }

  private trimmed(event: EngineEvent): unknown {
    if (event.event === 'logAppended') {
      const { entries, dropped } = event.payload;
      const excess = entries.length - this.limits.maxLogEntries;
      if (excess <= 0) return event.payload;
      this.logDropped += excess;
      return { entries: entries.slice(excess) as LogEntry[], dropped };
    }
    if (event.event === 'stderr') {
      const { serverId, lines } = event.payload;
      return { serverId, lines: lines.slice(-this.limits.maxStderrLines) as StderrLine[] };
    }
    return event.payload;
  }
}
