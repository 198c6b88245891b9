// A server's details (`servers.details`), kept live: stderr lines are appended as they arrive (bounded),
// state changes and received notifications refetch (throttled, so a notification flood costs at most a
// few refetches a second).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerDetails, ServerId } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';

const serverDetailsKey = (serverId: ServerId) => ['servers.details', serverId] as const;

/** Most stderr lines the pane holds; the engine keeps its own bounded copy. */
const MAX_STDERR_LINES = 2_000;
const REFETCH_THROTTLE_MS = 500;

export function useServerDetails(serverId: ServerId | undefined) {
  const engine = useEngine();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: serverDetailsKey(serverId ?? ''),
    queryFn: () => engine.call('servers.details', { serverId: serverId ?? '' }),
    enabled: !!serverId,
    staleTime: Infinity
  });

  useEffect(() => {
    if (!serverId) return;
    const key = serverDetailsKey(serverId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchSoon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: key });
      }, REFETCH_THROTTLE_MS);
    };
    const ours = (payload: { serverId: ServerId }) => payload.serverId === serverId;
    const offs = [
      engine.on('stderr', event => {
        if (!ours(event)) return;
        queryClient.setQueryData<ServerDetails>(key, details => details && appendStderr(details, event.lines));
      }),
      engine.on('serverState', state => {
        if (state.id === serverId) refetchSoon();
      }),
      engine.on('resourceUpdated', e => ours(e) && refetchSoon()),
      engine.on('listChanged', e => ours(e) && refetchSoon()),
      engine.on('subscriptionChanged', e => ours(e) && refetchSoon())
    ];
    return () => {
      if (timer) clearTimeout(timer);
      offs.forEach(off => off());
    };
  }, [engine, queryClient, serverId]);

  return query;
}

export function appendStderr(details: ServerDetails, lines: ServerDetails['stderr'], max = MAX_STDERR_LINES): ServerDetails {
  const all = details.stderr.concat(lines);
  const overflow = Math.max(0, all.length - max);
  return { ...details, stderr: overflow ? all.slice(overflow) : all, stderrDropped: details.stderrDropped + overflow };
}
