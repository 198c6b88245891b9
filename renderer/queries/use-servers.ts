import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EngineClient } from '../../shared/contract';
import { useEngine } from '../app/engine-context';
import { queryKeys } from './keys';

/** The server list query, as the hook observes it and as the page's start asks it before the first render. */
export const serversQuery = (engine: EngineClient) =>
  queryOptions({
    queryKey: queryKeys.servers(),
    queryFn: () => engine.call('servers.list', {}),
    staleTime: Infinity
  });

/** Every configured server with its live state; kept current by serverState events (see engine-events). */
export function useServers() {
  return useQuery(serversQuery(useEngine()));
}
