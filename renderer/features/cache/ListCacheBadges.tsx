// The cache badge of each server's resource list, shown in the picker's header: one badge per server whose
// list has been fetched (the picker merges every server's list into one).
import { useTranslation } from 'react-i18next';
import type { CacheInfo, ServerId } from '../../../shared/contract';
import { CacheBadge } from './CacheBadge';

export interface ListCache {
  serverId: ServerId;
  cache?: CacheInfo;
}

export function ListCacheBadges({ lists }: { lists: readonly ListCache[] }) {
  const { t } = useTranslation('cache');
  const shown = lists.filter((l): l is Required<ListCache> => l.cache !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className="list-cache-badges" aria-label={t('listBadges')}>
      {shown.map(l => (
        <li key={l.serverId} data-server-id={l.serverId}>
          {shown.length > 1 && <span className="list-cache-server">{l.serverId}</span>}
          <CacheBadge cache={l.cache} />
        </li>
      ))}
    </ul>
  );
}
