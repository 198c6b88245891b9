// Pure formatting of cache information for badges and the cache panel (kept apart from React so it is
// unit-testable and shared by every cache view).
import type { CacheInfo, CacheState } from '../../../shared/contract';

/**
 * The state to show *now*. The engine reports what it did when the data was served; a fresh (or just
 * fetched) result that outlives its expiry is stale from then on, and the badge must say so.
 */
export function effectiveState(info: CacheInfo, now: number): CacheState {
  if ((info.state === 'fresh' || info.state === 'miss') && info.expiresAt !== undefined && info.expiresAt > info.receivedAt && now >= info.expiresAt) {
    return 'stale';
  }
  return info.state;
}

/** "now", "42s", "3m 05s", "2h 10m", "3d 4h": compact, for countdowns and ages. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 1) return 'now';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** "1.2 MB" style sizes for the cache panel. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const stateWords: Record<CacheState, string> = {
  fresh: 'Fresh',
  stale: 'Stale',
  miss: 'Fetched',
  bypass: 'Not cached'
};

/** The badge text, e.g. "Fresh · 42s left · public · age 3s". */
export function cacheLabel(info: CacheInfo, now: number): string {
  const state = effectiveState(info, now);
  const parts = [stateWords[state]];
  if (state === 'fresh' || (state === 'miss' && info.expiresAt !== undefined && info.expiresAt > now)) {
    if (info.expiresAt !== undefined) parts.push(`${formatDuration(info.expiresAt - now)} left`);
  }
  if (state === 'miss' && (info.expiresAt === undefined || info.expiresAt <= info.receivedAt)) parts.push('not cacheable');
  if (info.scope) parts.push(info.scope);
  parts.push(`age ${formatDuration(now - info.receivedAt)}`);
  if (info.error) parts.push(`refresh failed: ${info.error.message}`);
  return parts.join(' · ');
}
