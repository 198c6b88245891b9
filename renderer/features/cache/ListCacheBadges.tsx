// The cache badge of each server's resource list, shown in the picker's header: one badge per server whose
// list has been fetched (the picker merges every server's list into one). A server whose last known list
// stands in for the live one (a warm start, before it has connected and listed) says so next to its badge.
import { memo } from 'react';
import { useCachedT } from '../../i18n/text-cache';
import type { CacheInfo, ServerId } from '../../../shared/contract';
import { CacheBadge } from './CacheBadge';

export interface ListCache {
  serverId: ServerId;
  cache?: CacheInfo;
  lastKnown?: boolean;
}

export const ListCacheBadges = memo(function ListCacheBadges({ lists }: { lists: readonly ListCache[] }) {
  const t = useCachedT('cache');
  const shown = lists.filter((l): l is Required<ListCache> => l.cache !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className="list-cache-badges" aria-label={t('listBadges')}>
      {shown.map(l => (
        <li key={l.serverId} data-server-id={l.serverId} data-stale-list={l.lastKnown ? 'true' : undefined}>
          {shown.length > 1 && <span className="list-cache-server">{l.serverId}</span>}
          <CacheBadge cache={l.cache} />
          {l.lastKnown && (
            <span className="list-cache-last-known" data-testid="last-known-list">
              {t('lastKnownList')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
});
