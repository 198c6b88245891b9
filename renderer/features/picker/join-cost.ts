// How long the picker's last rebuild of its joined lists took, to space the next one while lists stream in.
//
// Every rebuild joins every shown server's columns and merges their sort orders, over all the items listed so far.
// At a fixed interval that work grew with the items: fifty servers listing 20,000 each kept the page's main thread
// busy 65 s of a 104 s listing, 33 s of it joining columns and merging orders (a CPU profile of
// `bench/scale/servers.ts --sizes 1M`), on two cores the servers and the engine needed. Spaced by their cost,
// rebuilds take at most about a fifth of the time while lists come in, however long the lists grow.

/** A rebuild may take one part in this many of the time while lists stream in. */
const SHARE_OF_TIME = 5;

export type JoinPart = 'join' | 'sort';

export class JoinCost {
  private readonly lastMs = new Map<JoinPart, number>();

  /** Runs one part of a rebuild and keeps how long it took (the part's last run stands for it until it runs again). */
  timed<T>(part: JoinPart, build: () => T): T {
    const started = performance.now();
    try {
      return build();
    } finally {
      this.lastMs.set(part, performance.now() - started);
    }
  }

  /** How long to wait between rebuilds while lists stream in: `minimumMs`, or longer when a rebuild costs more. */
  intervalMs(minimumMs: number): number {
    let rebuildMs = 0;
    for (const ms of this.lastMs.values()) rebuildMs += ms;
    return Math.max(minimumMs, Math.round(rebuildMs * (SHARE_OF_TIME - 1)));
  }
}
