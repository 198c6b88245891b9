// Cache badges built outside the cache module. Without the cache module, say honestly that data came
// straight from the server (`miss`, or `bypass` when the caller asked not to use a cache), with the server's
// freshness hints if it sent any; a list walked page by page gets one badge for all its pages.
import type { CacheInfo, CacheMode } from '../../../shared/contract';

export function uncachedInfo(mode: CacheMode, result: { ttlMs?: unknown; cacheScope?: unknown } | undefined, receivedAt = Date.now()): CacheInfo {
  const ttlMs = typeof result?.ttlMs === 'number' && result.ttlMs >= 0 ? result.ttlMs : undefined;
  const scope = result?.cacheScope === 'public' || result?.cacheScope === 'private' ? result.cacheScope : undefined;
  return {
    state: mode === 'bypass' ? 'bypass' : 'miss',
    receivedAt,
    ...(scope && { scope }),
    ...(ttlMs !== undefined && { ttlMs, expiresAt: receivedAt + ttlMs })
  };
}

/** The list is as fresh as its least fresh page. */
export function combineCacheInfo(pages: CacheInfo[]): CacheInfo {
  const [first, ...rest] = pages;
  if (!first) return { state: 'bypass', receivedAt: Date.now() };
  const rank = { stale: 3, miss: 2, bypass: 1, fresh: 0 } as const;
  let combined = first;
  for (const page of rest) {
    const expiresAt = combined.expiresAt === undefined || page.expiresAt === undefined ? undefined : Math.min(combined.expiresAt, page.expiresAt);
    combined = {
      ...(rank[page.state] > rank[combined.state] ? page : combined),
      receivedAt: Math.min(combined.receivedAt, page.receivedAt),
      expiresAt
    };
    if (expiresAt === undefined) delete combined.expiresAt;
  }
  return combined;
}
