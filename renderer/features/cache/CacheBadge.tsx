// The `cache-badge` of the QA contract: where the shown data came from (cache or server), its scope,
// its age and, while fresh, the time left. Used by lists and the resource viewer.
import { memo } from 'react';
import type { CacheInfo } from '../../../shared/contract';
import { useCachedT } from '../../i18n/text-cache';
import { cacheLabel, effectiveState } from './cache-format';
import { useNow } from './use-now';
import './cache.css';

export interface CacheBadgeProps {
  cache: CacheInfo;
  className?: string;
}

export const CacheBadge = memo(function CacheBadge({ cache, className }: CacheBadgeProps) {
  // Fifty list badges tick every second: their fixed words (state, scope, separator) are looked up once.
  const t = useCachedT('cache');
  const now = useNow();
  const state = effectiveState(cache, now);
  const label = cacheLabel(cache, now, t);
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
