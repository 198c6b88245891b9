// Pure formatting of cache information for badges and the cache panel (kept apart from React so it is
// unit-testable and shared by every cache view).
import type { TFunction } from 'i18next';
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

type CacheT = TFunction<'cache'>;

/**
 * The badge text, e.g. "Fresh · 42s left · public · age 3s": independent facts, each a message of its own. Without
 * `withTimes`, the time left and the age are left out (a badge that does not tick, whose times would be wrong).
 */
export function cacheLabel(info: CacheInfo, now: number, t: CacheT, withTimes = true): string {
  const state = effectiveState(info, now);
  const parts = [t(`state.${state}`)];
  if (withTimes && (state === 'fresh' || (state === 'miss' && info.expiresAt !== undefined && info.expiresAt > now))) {
    if (info.expiresAt !== undefined) parts.push(t('badge.left', { ms: info.expiresAt - now }));
  }
  if (state === 'miss' && (info.expiresAt === undefined || info.expiresAt <= info.receivedAt)) parts.push(t('badge.notCacheable'));
  if (info.scope) parts.push(t(`scope.${info.scope}`));
  if (withTimes) parts.push(t('badge.age', { ms: now - info.receivedAt }));
  if (info.error) parts.push(t('badge.refreshFailed', { message: info.error.message }));
  return parts.join(t('badge.separator'));
}
