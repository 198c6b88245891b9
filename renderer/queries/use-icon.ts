// One https: icon, fetched by the engine (`icons.get`): the page's CSP loads no network images, and the
// engine applies the MCP icon rules (same origin as the server, no credentials, size, time and type
// limits). Keyed by server and src, so every row showing the same icon shares one request; an answer
// never goes stale in a session (the engine caches it too, refusals included), and a refusal is final:
// no retry, not on remount either.
import { useQuery } from '@tanstack/react-query';
import type { ServerId } from '../../shared/contract';
import { useEngine } from '../app/engine-context';
import { toAppError } from './errors';

export const iconQueryKey = (serverId: ServerId, src: string) => ['icons.get', serverId, src] as const;

export type RemoteIconState = { state: 'loading' } | { state: 'shown'; dataUri: string } | { state: 'refused'; reason: string };

export function useRemoteIcon(serverId: ServerId, src: string): RemoteIconState {
  const engine = useEngine();
  const query = useQuery({
    queryKey: iconQueryKey(serverId, src),
    queryFn: () => engine.call('icons.get', { serverId, src }),
    staleTime: Infinity,
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false
  });
  if (query.data) return { state: 'shown', dataUri: query.data.dataUri };
  if (query.error) return { state: 'refused', reason: toAppError(query.error).message };
  return { state: 'loading' };
}
