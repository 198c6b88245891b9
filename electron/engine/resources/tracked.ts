// Without the cache module, say honestly that data came straight from the server (`miss`, or
// `bypass` when the caller asked not to use a cache), with the server's freshness hints if it sent any.
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
