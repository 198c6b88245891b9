// The cache badge of each server's resource list, shown in the picker's header: one badge per server whose
// list has been fetched (the picker merges every server's list into one). A server whose last known list
// stands in for the live one (a warm start, before it has connected and listed) says so next to its badge.
//
// Past a few lists the badges are behind a one-line summary (how many lists are in each state), opened on demand:
// fifty servers' badges wrapped to ~25 lines and pushed the picker's rows off the screen. They stay in the page
// either way, so what each list's badge says can still be read (`cache-badge` in the QA contract). Behind the closed
// summary they do not tick: each changes when its list expires, and says no times until it is opened.
import { memo, useState } from 'react';
import { useCachedT } from '../../i18n/text-cache';
import type { CacheInfo, CacheState, ServerId } from '../../../shared/contract';
import { CacheBadge } from './CacheBadge';
import { effectiveState } from './cache-format';
import { useLatestPassed } from './use-latest-passed';

export interface ListCache {
  serverId: ServerId;
  cache?: CacheInfo;
  lastKnown?: boolean;
  /** A last known list that is listed again only once every server of the launch has started. */
  awaitsLaunch?: boolean;
}

type Shown = ListCache & Required<Pick<ListCache, 'cache'>>;

/** From this many lists on, the badges are summarised. */
const SUMMARISED_FROM_LISTS = 5;

/** Most telling first: what is out of date before what is not. */
const STATE_ORDER: readonly CacheState[] = ['stale', 'miss', 'fresh', 'bypass'];

const ListCacheSummary = memo(function ListCacheSummary({ lists }: { lists: readonly Shown[] }) {
  const t = useCachedT('cache');
  // Its counts change only when a list expires.
  const now = useLatestPassed(lists.flatMap(l => (l.cache.expiresAt === undefined ? [] : [l.cache.expiresAt])));
  const counts = new Map<CacheState, number>();
  for (const l of lists) {
    const state = effectiveState(l.cache, now);
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  const lastKnown = lists.filter(l => l.lastKnown).length;
  const awaiting = lists.filter(l => l.lastKnown && l.awaitsLaunch).length;
  const parts = STATE_ORDER.filter(state => counts.has(state)).map(state => t('listSummary.state', { state: t(`state.${state}`), count: counts.get(state) }));
  if (lastKnown > 0) parts.push(t(awaiting === lastKnown ? 'listSummary.lastKnownAwaitsLaunch' : 'listSummary.lastKnown', { count: lastKnown }));
  return (
    <summary data-testid="list-cache-summary" data-stale-lists={counts.get('stale') ?? 0} data-last-known-lists={lastKnown}>
      {t('listSummary.lists', { count: lists.length })}: {parts.join(t('badge.separator'))}
    </summary>
  );
});

export const ListCacheBadges = memo(function ListCacheBadges({ lists }: { lists: readonly ListCache[] }) {
  const t = useCachedT('cache');
  const [open, setOpen] = useState(false);
  const shown = lists.filter((l): l is Shown => l.cache !== undefined);
  if (shown.length === 0) return null;
  const summarised = shown.length >= SUMMARISED_FROM_LISTS;
  const badges = (
    <ul className="list-cache-badges" aria-label={t('listBadges')}>
      {shown.map(l => (
        <li
          key={l.serverId}
          data-server-id={l.serverId}
          data-stale-list={l.lastKnown ? 'true' : undefined}
          data-awaits-launch={l.lastKnown && l.awaitsLaunch ? 'true' : undefined}
        >
          {shown.length > 1 && <span className="list-cache-server">{l.serverId}</span>}
          <CacheBadge cache={l.cache} ticking={!summarised || open} />
          {l.lastKnown && (
            <span className="list-cache-last-known" data-testid="last-known-list">
              {t(l.awaitsLaunch ? 'lastKnownListAwaitsLaunch' : 'lastKnownList')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
  if (!summarised) return badges;
  return (
    <details className="list-cache-summary" open={open} onToggle={e => setOpen(e.currentTarget.open)}>
      <ListCacheSummary lists={shown} />
      {badges}
    </details>
  );
});
