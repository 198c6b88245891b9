// Engine settings kept in the config file beside `mcpServers` (the other tools that read the file leave keys they do
// not know alone, and the app writes them back untouched): so far, how much the response cache may hold. Fifty
// servers of 20,000 resources need ~150 MB of list pages; at the default 64 MB a warm start shows the last known lists
// of only the servers that fit.
export interface EngineSettings {
  /** The response cache's memory budget, and the warm-start file's cap (bytes); the cache's default when absent. */
  cacheBudgetBytes?: number;
}

const MEGABYTE = 1024 * 1024;
/** The sizes a user may choose (megabytes): at least what one server of a few thousand resources takes, at most 4 GB. */
export const CACHE_MEGABYTES = { min: 16, max: 4096 } as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings among a config file's top-level keys, and one line per bad one (its default is used instead). */
export function settingsFrom(doc: Record<string, unknown>): { settings: EngineSettings; issues: string[] } {
  const cache = doc.cache;
  if (cache === undefined) return { settings: {}, issues: [] };
  if (!isPlainObject(cache)) return { settings: {}, issues: ['cache: must be an object like { "maxMegabytes": 256 }'] };
  const megabytes = cache.maxMegabytes;
  if (megabytes === undefined) return { settings: {}, issues: [] };
  if (typeof megabytes !== 'number' || !Number.isInteger(megabytes) || megabytes < CACHE_MEGABYTES.min || megabytes > CACHE_MEGABYTES.max) {
    return { settings: {}, issues: [`cache.maxMegabytes: must be a whole number of megabytes from ${CACHE_MEGABYTES.min} to ${CACHE_MEGABYTES.max}; the default (64) is used`] };
  }
  return { settings: { cacheBudgetBytes: megabytes * MEGABYTE }, issues: [] };
}
