// Live resources: a clock, a counter and a log tail that change on every tick of `--update-interval-ms`, and
// an ephemeral resource that appears and disappears so `list_changed` fires. Transports subscribe to the
// change events and turn them into `notifications/resources/updated` and `.../list_changed`.
import { CACHE, textResult, type ResourceEntry } from './entry';
import { Rng, sentence } from './rng';

export type LiveEvent = { type: 'updated'; uri: string } | { type: 'listChanged' };
export type LiveListener = (event: LiveEvent) => void;

const LIVE_URIS = {
  clock: 'ref://live/clock',
  counter: 'ref://live/counter',
  log: 'ref://live/log',
  ephemeral: 'ref://live/ephemeral'
} as const;

const LOG_TAIL_LINES = 20;
/** The ephemeral resource is present during every other run of this many ticks. */
export const EPHEMERAL_PERIOD_TICKS = 3;
/** Never longer than the old fixed list hint, for the sandbox's files come and go between ticks too. */
const MAX_LIST_TTL_MS = 300_000;

/**
 * The `resources/list` cache hint: one tick, well under the ephemeral resource's period, so a cached list is at
 * most one tick old when that resource comes or goes (list_changed invalidates sooner for clients that listen).
 * The same on every page: the SDK client caches a whole walk under the first page's hint.
 */
export function listTtlMs(updateIntervalMs: number): number {
  return Math.min(updateIntervalMs, MAX_LIST_TTL_MS);
}

export class LiveResources {
  private readonly listeners = new Set<LiveListener>();
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private counter = 0;
  private clock = new Date();
  private readonly logLines: string[] = [];
  private ephemeralPresent = false;
  private readonly rng: Rng;

  constructor(readonly intervalMs: number, seed: number) {
    this.rng = new Rng(seed ^ 0x5eed);
    this.appendLog('server started');
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref(); // never keep a stdio server alive once its client has gone
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Extra URIs (owned by other modules) that should also be marked updated on each tick. */
  readonly alsoUpdatedOnTick: string[] = [];

  get tickCount(): number {
    return this.ticks;
  }

  tick(): void {
    this.ticks++;
    this.counter++;
    this.clock = new Date();
    this.appendLog(sentence(this.rng, 6));
    for (const uri of [LIVE_URIS.clock, LIVE_URIS.counter, LIVE_URIS.log, ...this.alsoUpdatedOnTick]) this.emit({ type: 'updated', uri });
    const shouldBePresent = Math.floor(this.ticks / EPHEMERAL_PERIOD_TICKS) % 2 === 1;
    if (shouldBePresent !== this.ephemeralPresent) this.setEphemeral(shouldBePresent);
  }

  /** Bumps the counter out of schedule (the `bump_counter` tool). */
  bumpCounter(): number {
    this.counter++;
    this.appendLog(`counter bumped to ${this.counter}`);
    this.emit({ type: 'updated', uri: LIVE_URIS.counter });
    this.emit({ type: 'updated', uri: LIVE_URIS.log });
    return this.counter;
  }

  setEphemeral(present: boolean): void {
    if (present === this.ephemeralPresent) return;
    this.ephemeralPresent = present;
    this.appendLog(present ? 'ephemeral resource appeared' : 'ephemeral resource disappeared');
    this.emit({ type: 'listChanged' });
  }

  /** Re-announces a URI as updated (the `touch_resource` tool, and sandbox files changed on disk). */
  touch(uri: string): void {
    this.emit({ type: 'updated', uri });
  }

  /** Announces that resources came or went elsewhere (sandbox files added or removed on disk). */
  announceListChanged(): void {
    this.emit({ type: 'listChanged' });
  }

  private emit(event: LiveEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // A listener that fails (a closed connection) must not stop delivery to the others.
      }
    }
  }

  private appendLog(line: string): void {
    this.logLines.push(`${new Date().toISOString()} ${line}`);
    if (this.logLines.length > LOG_TAIL_LINES) this.logLines.shift();
  }

  entries(): ResourceEntry[] {
    return [
      {
        meta: {
          uri: LIVE_URIS.clock, name: 'clock', title: 'Clock', mimeType: 'text/plain',
          description: 'The time of the last tick; updated every interval',
          annotations: { audience: ['user'], priority: 0.5 }
        },
        cache: CACHE.noStore,
        read: uri => textResult(uri, 'text/plain', this.clock.toISOString())
      },
      {
        meta: {
          uri: LIVE_URIS.counter, name: 'counter', title: 'Counter', mimeType: 'application/json',
          description: 'Increments on every tick and on the bump_counter tool',
          annotations: { audience: ['user', 'assistant'], priority: 0.6 }
        },
        cache: CACHE.noStore,
        read: uri => textResult(uri, 'application/json', JSON.stringify({ value: this.counter, ticks: this.ticks }))
      },
      {
        meta: {
          uri: LIVE_URIS.log, name: 'server.log', title: 'Log tail', mimeType: 'text/plain',
          description: `The last ${LOG_TAIL_LINES} log lines; one line is appended per tick`,
          annotations: { audience: ['assistant'], priority: 0.3 }
        },
        cache: CACHE.noStore,
        read: uri => textResult(uri, 'text/plain', this.logLines.join('\n') + '\n')
      }
    ];
  }

  /** The resource that comes and goes, when it is currently present. */
  ephemeral(): ResourceEntry | undefined {
    if (!this.ephemeralPresent) return undefined;
    return {
      meta: {
        uri: LIVE_URIS.ephemeral, name: 'ephemeral', title: 'Ephemeral resource', mimeType: 'text/plain',
        description: `Present during every other ${EPHEMERAL_PERIOD_TICKS} ticks; its arrival and departure send list_changed`
      },
      cache: CACHE.noStore,
      read: uri => textResult(uri, 'text/plain', `Here for now (tick ${this.ticks}).`)
    };
  }
}
