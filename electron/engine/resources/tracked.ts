// Cache badges built outside the cache module: a list walked page by page gets one badge for all its
// pages, and a list that needed no request says honestly that nothing came from a cache.
import type { CacheInfo, CacheMode } from '../../../shared/contract';

/** The badge of a list answered without asking the server (it has no resources): `miss`, or `bypass` if asked. */
export function uncachedInfo(mode: CacheMode): CacheInfo {
  return { state: mode === 'bypass' ? 'bypass' : 'miss', receivedAt: Date.now() };
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
