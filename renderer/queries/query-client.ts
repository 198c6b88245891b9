import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './keys';

/**
 * The page's one query cache. Freshness is the engine's call (it has the cache and the events), so the view
 * cache never refetches on its own on focus or on a timer.
 */
export function createQueryClient(): QueryClient {
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
