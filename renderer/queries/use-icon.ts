// One https: icon, fetched by the engine (`icons.get`): the page's CSP loads no network images, and the
// engine applies the MCP icon rules (same origin as the server, no credentials, size, time, type and pixel
// limits). Keyed by server and src, so every row showing the same icon shares one request.
// - A shown icon and a final refusal (policy, type, size) stay as they are while any row shows them: no
//   refetch, no retry, not on remount either (the engine would give the same answer from its cache).
// - A transient refusal (timeout, network, HTTP 5xx) is asked again after the `retryAfterMs` the engine
//   sends with it (when its own cache has forgotten it, about 60 s), for as long as a row shows it.
// - An answer no row shows any more is dropped after ICON_GC_MS (each is a data: URI of up to ~350 K
//   characters), and a server's icons are dropped when it is removed or its endpoint changes
//   (engine-events.ts).
import { useQuery, type Query } from '@tanstack/react-query';
import type { MethodResult, ServerId } from '../../shared/contract';
import { readIconRefusalData } from '../../shared/icons/icon-refusal-data';
import { useEngine } from '../app/engine-context';
import { callErrorOf } from '../api/call-error';
import { queryKeys } from './keys';

/** How long an icon answer outlives the last row showing it (ms). */
export const ICON_GC_MS = 30_000;

type RemoteIconState = { state: 'loading' } | { state: 'shown'; dataUri: string } | { state: 'refused'; reason: string };

type IconQuery = Query<MethodResult<'icons.get'>, Error, MethodResult<'icons.get'>, ReturnType<typeof queryKeys.icon>>;

/** Ask again after a transient refusal, when the engine has forgotten it; never after anything else. */
function askAgainAfter(query: IconQuery): number | false {
  const { error } = query.state;
  if (!error) return false;
  const refusal = readIconRefusalData(callErrorOf(error).data);
  return refusal?.transient && refusal.retryAfterMs !== undefined ? refusal.retryAfterMs : false;
}

export function useRemoteIcon(serverId: ServerId, src: string): RemoteIconState {
  const engine = useEngine();
  const query = useQuery({
    queryKey: queryKeys.icon(serverId, src),
    queryFn: () => engine.call('icons.get', { serverId, src }),
    staleTime: Infinity,
    gcTime: ICON_GC_MS,
    retry: false,
    retryOnMount: false,
    refetchInterval: askAgainAfter,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false
  });
  if (query.data) return { state: 'shown', dataUri: query.data.dataUri };
  if (query.error) return { state: 'refused', reason: callErrorOf(query.error).message };
  return { state: 'loading' };
}
