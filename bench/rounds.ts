// Summaries of a bench's interleaved rounds.

/** The middle value (the upper one of an even count). */
export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `measured` against `baseline`, round by round: the median of each round's own ratio. A round runs both back to
 * back, so its ratio is free of the machine's drift between rounds, which a ratio of the two medians keeps (at 1M
 * the raw loop took 21.6 s in one round and 15.5 s four rounds later).
 */
export const pairedRatio = (measured: readonly number[], baseline: readonly number[]) => median(roundRatios(measured, baseline));

/** Each round's own ratio of `measured` to `baseline`. */
export const roundRatios = (measured: readonly number[], baseline: readonly number[]) => measured.map((ms, k) => ms / baseline[k]);
