import { useQuery } from '@tanstack/react-query';
import { useEngine } from '../app/engine-context';
import { queryKeys } from './keys';

/** Every configured server with its live state; kept current by serverState events (see engine-events). */
export function useServers() {
  const engine = useEngine();
  return useQuery({
    queryKey: queryKeys.servers(),
    queryFn: () => engine.call('servers.list', {}),
    staleTime: Infinity
  });
}
