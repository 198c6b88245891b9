// Feeds the list-diff store from the query cache: every finished `resources.list` of a server is compared
// with the one before it. Mounted once, by the picker.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListedItems } from '../../queries/use-resource-list';
import { useListDiffStore } from './list-diff-store';

export function useFollowListDiffs(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listFinished = useListDiffStore.getState().listFinished;
    const take = (queryKey: readonly unknown[], data: unknown) => {
      if (queryKey[0] !== 'resources.list' || typeof queryKey[1] !== 'string' || !data) return;
      listFinished(queryKey[1], (data as ListedItems).items);
    };
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['resources.list'] })) take(query.queryKey, query.state.data);
    return queryClient.getQueryCache().subscribe(event => {
      if (event.type === 'updated' && event.action.type === 'success') take(event.query.queryKey, event.query.state.data);
    });
  }, [queryClient]);
}
