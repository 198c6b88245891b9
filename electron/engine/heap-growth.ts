// How far V8 lets the engine's heap grow between full GCs. By default the old generation may grow to about four
// times what survived the last full GC before the next one; a listing promotes every page for a while (the protocol
// log's and the cache's copies live long enough, then are evicted), so at a million resources the engine's RSS
// reached 640 MB for ~130 MB live (old space 400 MB used, mostly garbage, when measured). Growing by half of what
// survived keeps the peak at 325 MB; the listing took as long (bench/engine-memory.ts, README "Engine memory").
import { setFlagsFromString } from 'node:v8';

/** The V8 flag: the heap grows to 1.5× what survived the last full GC before the next one. */
export const HEAP_GROWTH_FLAG = '--heap-growing-percent=50';

/**
 * Applies to the whole process, from its next GC on (V8 reads the flag each time it sets the next limit), so the
 * processes that host an engine call it at launch (browser mode, the CLI, Electron's main process), not the
 * engine: a library should not change its host's V8 flags. In Electron's main process `--js-flags` only counts
 * on the command line that starts it, hence a call, not a switch.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(HEAP_GROWTH_FLAG);
}
