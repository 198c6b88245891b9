// One configured server's entry as the engine shows it to the page (secrets redacted), for the edit form.
// Read fresh each time the form opens: the file may have changed since.
import { useQuery } from '@tanstack/react-query';
import type { ServerId } from '../../../shared/contract';
import { queryKeys } from '../../queries/keys';
import { useEngine } from '../../app/engine-context';

export function useServerConfigEntry(serverId: ServerId) {
  const engine = useEngine();
  return useQuery({
    queryKey: queryKeys.config(),
    queryFn: () => engine.call('config.get', {}),
    staleTime: 0,
    gcTime: 0,
    select: view => view.servers[serverId]
  });
}
