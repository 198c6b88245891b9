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

const settled = <T>(result: PromiseSettledResult<T>): Promise<T> =>
  result.status === 'fulfilled' ? Promise.resolve(result.value) : Promise.reject(result.reason as Error);

export interface FirstScreen {
  /** Settles when the last known lists are in the cache (or were not to be had), whatever they held. */
  lastKnown: Promise<void>;
}

/**
 * Resolves once the lists are asked for, or after `waitMs` if the engine is slow to name its servers (the page
 * then renders without them and the hooks take over). Never rejects: a failed call is the query's error to show.
 */
export async function prefetchFirstScreen(queryClient: QueryClient, engine: EngineClient, waitMs = 300): Promise<FirstScreen> {
  let knownSettled: Promise<unknown> = Promise.resolve();
  const listed = queryClient.fetchQuery(serversQuery(engine)).then(servers => {
    const connected = new Set(servers.filter(s => s.status === 'connected').map(s => s.id));
    const shown = shownServerIds(servers, useUiStore.getState().serverFilter);
    // The last known lists first: the engine answers them before it starts the listings, so the stale lists are
    // on screen long before the live ones are in (asked after the first render, they came behind most live
    // pages). Asked together and settled together, so they render once: applied one reply at a time, each would
    // rebuild the picker's columns, sort and search over every list so far (fifty servers, fifty rebuilds).
    const known = Promise.allSettled(shown.map(serverId => engine.call('resources.lastKnown', { serverId })));
    knownSettled = known;
    shown.forEach((serverId, k) => {
      const reply = () => known.then(all => settled(all[k]));
      void queryClient.prefetchQuery(lastKnownListQuery(engine, serverId, reply));
    });
    for (const serverId of shown) {
      if (connected.has(serverId)) void queryClient.prefetchQuery(resourceListQuery(engine, queryClient, serverId));
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>(resolve => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([listed.catch(() => undefined), late]);
  clearTimeout(timer);
  return { lastKnown: listed.then(() => knownSettled).then(noop, noop) };
}

const noop = () => undefined;
