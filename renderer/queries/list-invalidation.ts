// Relisting on `listChanged` without thrashing: a server that changes its list every few seconds while a
// 100,000-item listing takes seconds would otherwise restart the listing forever. A change that arrives
// while a list is loading is remembered and relisted once that load ends, after a pause as long as the
// load took (at least minPauseMs), so listing never takes more than about half the time.
import type { QueryClient } from '@tanstack/react-query';
import type { ServerId } from '../../shared/contract';
import { queryKeys } from './keys';

export function createListInvalidator(
  queryClient: QueryClient,
  minPauseMs = 1_000
): { listChanged(serverId: ServerId): void; dispose(): void } {
  const pending = new Map<ServerId, ReturnType<typeof setTimeout> | 'after-fetch'>();
  const fetchStartedAt = new Map<ServerId, number>();
  const cache = queryClient.getQueryCache();

  const relist = (serverId: ServerId) => {
    pending.delete(serverId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.resourcesList(serverId) });
  };

  const unsubscribe = cache.subscribe(event => {
    const [method, serverId] = event.query.queryKey as [string, ServerId];
    if (method !== 'resources.list' || event.type !== 'updated' || event.query.queryKey.length !== 2) return;
    const state = event.query.state;
    if (state.fetchStatus === 'fetching' && !fetchStartedAt.has(serverId)) fetchStartedAt.set(serverId, Date.now());
    if (state.fetchStatus === 'idle') {
      const took = Date.now() - (fetchStartedAt.get(serverId) ?? Date.now());
      fetchStartedAt.delete(serverId);
      if (pending.get(serverId) === 'after-fetch') pending.set(serverId, setTimeout(() => relist(serverId), Math.max(minPauseMs, took)));
    }
  });

  return {
    listChanged(serverId) {
      if (pending.has(serverId)) return; // a relist is already due
      const query = cache.find({ queryKey: queryKeys.resourcesList(serverId), exact: true });
      if (query?.state.fetchStatus === 'fetching') pending.set(serverId, 'after-fetch');
      else relist(serverId);
    },
    dispose() {
      unsubscribe();
      for (const timer of pending.values()) if (timer !== 'after-fetch') clearTimeout(timer);
      pending.clear();
    }
  };
}
