// The cache inspector's data: `cache.snapshot` through TanStack Query, refetched when the engine says the
// cache changed (events are already coalesced by the engine), plus evict / clear actions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEngine } from '../../app/engine-context';

const cacheSnapshotKey = ['cache.snapshot'] as const;

export function useCacheSnapshot() {
  const engine = useEngine();
  const queryClient = useQueryClient();
  useEffect(() => engine.on('cacheChanged', () => void queryClient.invalidateQueries({ queryKey: cacheSnapshotKey })), [engine, queryClient]);
  return useQuery({ queryKey: cacheSnapshotKey, queryFn: () => engine.call('cache.snapshot', {}) });
}

export function useCacheActions() {
  const engine = useEngine();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: cacheSnapshotKey });
  const evict = useMutation({ mutationFn: (key: string) => engine.call('cache.evict', { key }), onSettled: refresh });
  const clear = useMutation({ mutationFn: () => engine.call('cache.clear', {}), onSettled: refresh });
  return { evict, clear };
}
