// Reading one resource. The engine decides freshness (its cache and `resourceUpdated` events); a refresh
// asks it to go to the server (`cacheMode: 'refresh'`) and replaces the shown result. The page always reads
// previews (READ_PREVIEW_BYTES per content part); `content.save` takes the whole part from the engine to disk.
import { skipToken, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResult, ServerId } from '../../shared/contract';
import { READ_PREVIEW_BYTES } from '../../shared/viewer/preview';
import { useEngine } from '../app/engine-context';
import { queryKeys } from './keys';

export function useResourceRead(target: { serverId: ServerId; uri: string } | null) {
  const engine = useEngine();
  return useQuery({
    queryKey: target ? queryKeys.resourcesRead(target.serverId, target.uri) : ['resources.read', 'none'],
    queryFn: target ? () => engine.call('resources.read', { serverId: target.serverId, uri: target.uri, previewBytes: READ_PREVIEW_BYTES }) : skipToken,
    // Every open asks the engine again: its cache answers without a request while the copy is fresh (the
    // badge then says so), and refetches once it has expired. The copy shown meanwhile is the last one.
    staleTime: 0
  });
}

/** Reads of several resources at once (the context tray). */
export function useResourceReads(targets: readonly { serverId: ServerId; uri: string }[]) {
  const engine = useEngine();
  return useQueries({
    queries: targets.map(t => ({
      queryKey: queryKeys.resourcesRead(t.serverId, t.uri),
      queryFn: () => engine.call('resources.read', { serverId: t.serverId, uri: t.uri, previewBytes: READ_PREVIEW_BYTES })
    }))
  });
}

export function useRefreshResource() {
  const engine = useEngine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { serverId: ServerId; uri: string }) =>
      engine.call('resources.read', { serverId: target.serverId, uri: target.uri, cacheMode: 'refresh', previewBytes: READ_PREVIEW_BYTES }),
    onSuccess: (result: ReadResult, target) =>
      queryClient.setQueryData(queryKeys.resourcesRead(target.serverId, target.uri), result)
  });
}
