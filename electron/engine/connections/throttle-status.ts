// What a server's status says about its read budget: "throttled" from the first time it goes over, until it
// stays under for `quietMs`, with the counts sent at most once a second (not once per message).
import type { ServerState } from '../../../shared/contract';
import type { ReadBudgetPolicy, ThrottleCounts } from './read-budget';

const COUNTS_EVERY_MS = 1_000;

export class ThrottleStatus {
  /** Read-budget counters over the connection's life (shown while it is throttled). */
  readonly counts: ThrottleCounts = { pauses: 0, pausedMs: 0, coalesced: 0, unwatched: 0 };
  private since: number | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private countsTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly policy: ReadBudgetPolicy,
    private readonly publish: (throttle: ServerState['throttle']) => void
  ) {}

  /** The server went over its read budget. */
  overBudget(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      this.since = undefined;
      clearTimeout(this.countsTimer);
      this.countsTimer = undefined;
      this.publish(undefined);
    }, this.policy.quietMs);
    this.quietTimer.unref();
    if (this.since === undefined) {
      this.since = Date.now();
      this.publish(this.state());
    } else this.countsChanged();
  }

  countsChanged(): void {
    if (this.since === undefined || this.countsTimer) return;
    this.countsTimer = setTimeout(() => {
      this.countsTimer = undefined;
      if (this.since !== undefined) this.publish(this.state());
    }, COUNTS_EVERY_MS);
    this.countsTimer.unref();
  }

  dispose(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.countsTimer);
  }

  private state(): ServerState['throttle'] {
    return { since: this.since as number, ...this.counts };
  }
}
