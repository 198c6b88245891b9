import { notifyManager, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './keys';

/**
 * Runs every notification scheduled within one task in one timer task, in order, instead of one timer task each
 * (TanStack Query's default). React renders each task's store updates at its end, so fifty queries settled in one
 * turn (the first screen's last known lists) render the picker once, not fifty times over a growing list.
 */
export function coalescingScheduler(): (callback: () => void) => void {
  let pending: (() => void)[] = [];
  const run = () => {
    const callbacks = pending;
    pending = [];
    for (const callback of callbacks) {
      try {
        callback();
      } catch (error) {
        // As if it had run in a task of its own: reported, and the others still run.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };
  return callback => {
    pending.push(callback);
    if (pending.length === 1) setTimeout(run, 0);
  };
}

/**
 * The page's one query cache. Freshness is the engine's call (it has the cache and the events), so the view
 * cache never refetches on its own on focus or on a timer.
 */
export function createQueryClient(): QueryClient {
  notifyManager.setScheduler(coalescingScheduler());
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: Infinity },
      mutations: { retry: false }
    }
  });
  // Lists are replaced whole, never patched: comparing 100k items deeply on every streamed page to keep
  // unchanged references cost more than the rest of the picker's work while listing.
  for (const key of [queryKeys.resourcesList(''), queryKeys.listProgress('')])
    queryClient.setQueryDefaults([key[0]], { structuralSharing: false });
  return queryClient;
}
