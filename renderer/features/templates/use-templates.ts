// Server data for the templates panel: the template list of one server, kept current by listChanged events
// (see queries/engine-events); a refresh keeps the current list on screen until the new one arrives.
import { useQuery } from '@tanstack/react-query';
import type { ServerId } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { queryKeys } from '../../queries/keys';

export function useTemplates(serverId: ServerId | null) {
  const engine = useEngine();
  return useQuery({
    queryKey: queryKeys.templatesList(serverId ?? ''),
    queryFn: () => engine.call('templates.list', { serverId: serverId! }),
    enabled: serverId !== null
  });
}
