// Reconnect delays: capped exponential backoff with jitter, so many servers that dropped at once
// (laptop resume, network change) do not all retry in lockstep.
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** 0..1: how much of each delay is randomised (0.5 = between 50% and 100% of the nominal delay). */
  jitter: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 500, capMs: 30_000, jitter: 0.5 };

/** Delay before retry number `attempt` (1-based). */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: () => number = Math.random): number {
  const nominal = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(nominal * (1 - policy.jitter * random()));
}

/**
 * When a connection counts as healthy again, and when repeated failures count as a crash loop. Backoff
 * resets only after a connection has stayed up for `stableMs`; `maxFailures` failures (a process exit or a
 * connection lost before it was stable) within `windowMs` put the server in `error` until the user
 * reconnects it or edits its config.
 */
export interface CrashLoopPolicy {
  stableMs: number;
  maxFailures: number;
  windowMs: number;
}

export const defaultCrashLoop: CrashLoopPolicy = { stableMs: 30_000, maxFailures: 5, windowMs: 60_000 };

/** The times of recent failures, forgetting those older than the window. */
export class FailureWindow {
  private times: number[] = [];

  constructor(private readonly policy: CrashLoopPolicy) {}

  /** Records a failure at `now`; returns the failures within the window and the span they cover (ms). */
  record(now: number): { failures: number; spanMs: number } {
    this.times.push(now);
    this.times = this.times.filter(t => now - t <= this.policy.windowMs);
    return { failures: this.times.length, spanMs: now - this.times[0] };
  }

  /** True once `maxFailures` failures fall within the window. */
  tripped(): boolean {
    return this.times.length >= this.policy.maxFailures;
  }

  clear(): void {
    this.times = [];
  }
}
