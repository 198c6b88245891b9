// The `cache-badge` of the QA contract: where the shown data came from (cache or server), its scope,
// its age and, while fresh, the time left. Used by lists and the resource viewer.
import { memo } from 'react';
import type { CacheInfo } from '../../../shared/contract';
import { useCachedT } from '../../i18n/text-cache';
import { cacheLabel, effectiveState } from './cache-format';
import { useLatestPassed } from './use-latest-passed';
import { useNow } from './use-now';
import './cache.css';

export interface CacheBadgeProps {
  cache: CacheInfo;
  className?: string;
  /**
   * False while the badge cannot be seen (behind the picker's closed summary of lists): it then re-renders only when
   * its state changes (at the expiry), and says no time left nor age, which would be out of date.
   */
  ticking?: boolean;
}

const noTimes: readonly number[] = [];

export const CacheBadge = memo(function CacheBadge({ cache, className, ticking = true }: CacheBadgeProps) {
  // Fifty list badges tick every second: their fixed words (state, scope, separator) are looked up once.
  const t = useCachedT('cache');
  const tickingNow = useNow(ticking ? 1000 : null);
  const expiryNow = useLatestPassed(ticking || cache.expiresAt === undefined ? noTimes : [cache.expiresAt]);
  const now = ticking ? tickingNow : expiryNow;
  const state = effectiveState(cache, now);
  const label = cacheLabel(cache, now, t, ticking);
  return (
    <span
      data-testid="cache-badge"
      data-cache-state={state}
      data-scope={cache.scope}
      data-expires-at={cache.expiresAt}
      className={['cache-badge', `cache-badge--${state}`, className].filter(Boolean).join(' ')}
      title={label}
      aria-label={t('badge.label', { label })}
    >
      {label}
    </span>
  );
});
