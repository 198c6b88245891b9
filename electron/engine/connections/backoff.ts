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
