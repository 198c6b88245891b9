// A server's read budget and what its status says about it: each connection attempt gets a fresh meter and
// notification gate counting into the same totals; the status says "throttled" from the first time the server
// goes over, until it stays under for `quietMs`, with the counts sent at most once a second (not per message).
import type { ServerState } from '../../../shared/contract';
import { NotificationGate } from './notification-gate';
import { ReadMeter, type ReadBudgetPolicy, type ThrottleCounts } from './read-budget';
import { ThrottledPublish } from './throttled-publish';

export class ThrottleStatus {
  /** Read-budget counters over the connection's life (shown while it is throttled). */
  readonly counts: ThrottleCounts = { pauses: 0, pausedMs: 0, coalesced: 0, unwatched: 0 };
  private since: number | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private gate: NotificationGate | undefined;
  private readonly counted: ThrottledPublish;

  constructor(
    private readonly policy: ReadBudgetPolicy,
    private readonly publish: (throttle: ServerState['throttle']) => void
  ) {
    this.counted = new ThrottledPublish(() => {
      if (this.since !== undefined) publish({ since: this.since, ...this.counts });
    });
  }

  /** The meter and gate of a new connection attempt (the previous attempt's gate stops holding messages). */
  forAttempt(isWatched: (uri: string) => boolean): { readMeter: ReadMeter; gate: NotificationGate } {
    this.gate?.dispose();
    const gate = new NotificationGate(this.policy, this.counts, isWatched, () => this.countsChanged());
    this.gate = gate;
    return { readMeter: new ReadMeter(this.policy, this.counts, () => this.overBudget()), gate };
  }

  /** The server went over its read budget. */
  overBudget(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      this.since = undefined;
      this.counted.reset();
      this.publish(undefined);
    }, this.policy.quietMs);
    this.quietTimer.unref();
    this.since ??= Date.now();
    this.counted.changed();
  }

  /** The counts moved: told at most once a second while throttled (the first time, at once). */
  countsChanged(): void {
    if (this.since !== undefined) this.counted.changed();
  }

  dispose(): void {
    this.gate?.dispose();
    clearTimeout(this.quietTimer);
    this.counted.dispose();
  }
}
