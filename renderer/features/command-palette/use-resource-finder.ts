// "Go to resource" over the lists the picker has loaded (every enabled server's, whatever the picker's
// server filter), read from the query cache when the palette first searches: nothing is built while it is closed.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResourceItem } from '../../../shared/contract';
import { ResourceFinder } from '../../../shared/search/resource-finder';
import { queryKeys } from '../../queries/keys';
import type { ListedItems, ListProgress } from '../../queries/use-resource-list';
import { useServers } from '../../queries/use-servers';

const RESULT_LIMIT = 30;

export function useResourceMatches(query: string): ResourceItem[] {
  const queryClient = useQueryClient();
  const servers = useServers().data;
  const searching = query.trim() !== '';
  const finder = useMemo(() => {
    if (!searching) return undefined;
    const lists = (servers ?? [])
      .filter(s => !s.disabled)
      .map(
        s =>
          queryClient.getQueryData<ListedItems>(queryKeys.resourcesList(s.id))?.items ??
          queryClient.getQueryData<ListProgress>(queryKeys.listProgress(s.id))?.items ??
          []
      );
    return new ResourceFinder(lists);
  }, [searching, servers, queryClient]);
  return useMemo(() => finder?.find(query, RESULT_LIMIT) ?? [], [finder, query]);
}
