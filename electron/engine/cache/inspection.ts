// The cache inspector's contract methods: `cache.snapshot`, `cache.evict`, `cache.clear`.
import type { CacheEntryInfo, CacheSnapshot } from '../../../shared/contract';
import type { HandlerMap } from '../handlers';
import type { CacheCounterBook } from './counters';
import { isFresh } from '../../../shared/cache/freshness';
import { expiryOf, type ResponseStore, type StoredEntry } from './response-store';

export type CacheMethods = 'cache.snapshot' | 'cache.evict' | 'cache.clear';

function entryInfo(e: StoredEntry, now: number): CacheEntryInfo {
  return {
    key: e.key,
    serverId: e.serverId,
    method: e.method,
    params: e.params,
    scope: e.scope,
    partition: e.partition,
    size: e.size,
    storedAt: e.storedAt,
    expiresAt: expiryOf(e),
    state: isFresh(e, now) ? 'fresh' : 'stale'
  };
}

export function snapshotOf(store: ResponseStore, counters: CacheCounterBook): CacheSnapshot {
  const now = store.now();
  return {
    // Most recently used first: what the user just looked at is at the top.
    entries: store.all().reverse().map(e => entryInfo(e, now)),
    totalBytes: store.totalBytes,
    budgetBytes: store.budgetBytes,
    countersByServer: counters.snapshot()
  };
}

export function cacheHandlers(store: ResponseStore, counters: CacheCounterBook): HandlerMap<CacheMethods> {
  return {
    'cache.snapshot': async () => snapshotOf(store, counters),
    'cache.evict': async ({ key }) => ({ evicted: store.delete(key) }),
    'cache.clear': async () => ({ cleared: store.deleteWhere(() => true) })
  };
}
