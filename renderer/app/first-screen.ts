// What the first screen shows, asked before React first renders it (TanStack Query's prefetching): the server
// list, then the resource list of every shown, connected server. The listing then runs on the engine while the
// page renders for the first time, instead of after that render and one more for the server list. The hooks
// that show these find them in flight (same keys and query functions) and do not ask again.
import type { QueryClient } from '@tanstack/react-query';
import type { EngineClient } from '../../shared/contract';
import { shownServerIds } from '../features/picker/shown-servers';
import { lastKnownListQuery, resourceListQuery } from '../queries/use-resource-list';
import { serversQuery } from '../queries/use-servers';
import { useUiStore } from '../state/ui-store';

/**
 * Resolves once the lists are asked for, or after `waitMs` if the engine is slow to name its servers (the page
 * then renders without them and the hooks take over). Never rejects: a failed call is the query's error to show.
 */
export async function prefetchFirstScreen(queryClient: QueryClient, engine: EngineClient, waitMs = 300): Promise<void> {
  const listed = queryClient.fetchQuery(serversQuery(engine)).then(servers => {
    const connected = new Set(servers.filter(s => s.status === 'connected').map(s => s.id));
    for (const serverId of shownServerIds(servers, useUiStore.getState().serverFilter)) {
      // The last known list first: the engine answers it before it starts the listing, so the stale list is on
      // screen long before the live one is in (asked after the first render, it came behind most live pages).
      void queryClient.prefetchQuery(lastKnownListQuery(engine, serverId));
      if (connected.has(serverId)) void queryClient.prefetchQuery(resourceListQuery(engine, queryClient, serverId));
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>(resolve => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([listed.catch(() => undefined), late]);
  clearTimeout(timer);
}
