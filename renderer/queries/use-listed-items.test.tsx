// @vitest-environment happy-dom
// useListedItems (each server card's counts) reads its own server's list and streamed pages, and is woken by
// those two queries only: fifty cards woken by every query event cost O(servers²) work per picker render.
import { hashKey, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListResult, ResourceItem } from '../../shared/contract';
import { ResourceTable } from '../../shared/picker/resource-table';
import { queryKeys } from './keys';
import { useListedItems, type ListProgress } from './use-resource-list';

afterEach(cleanup);

const item = (serverId: string, k: number): ResourceItem => ({ serverId, uri: `ref://${k}`, name: `${k}` });
const progress = (serverId: string, n: number): ListProgress => ({ requestId: 'r', page: 1, items: ResourceTable.fromItems(serverId, Array.from({ length: n }, (_, k) => item(serverId, k))).rows(), walked: n, done: false });

describe('useListedItems', () => {
  it("follows its server's list and progress, and reads nothing for another server's", () => {
    const queryClient = new QueryClient();
    const seen: { list?: number; progress?: number }[] = [];
    function Counts({ serverId }: { serverId: string }) {
      const { list, progress } = useListedItems(serverId);
      seen.push({ list: list?.items.length, progress: progress?.items.length });
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Counts serverId="a" />
      </QueryClientProvider>
    );
    expect(seen).toEqual([{ list: undefined, progress: undefined }]);

    act(() => queryClient.setQueryData(queryKeys.listProgress('a'), progress('a', 2)));
    expect(seen.at(-1)).toEqual({ list: undefined, progress: 2 });
    const rendersBefore = seen.length;
    const cache = queryClient.getQueryCache();
    const get = cache.get.bind(cache);
    const ofA = new Set([queryKeys.resourcesList('a'), queryKeys.listProgress('a')].map(key => hashKey(key)));
    let reads = 0;
    cache.get = hash => (ofA.has(hash) && reads++, get(hash));
    act(() => {
      queryClient.setQueryData(queryKeys.listProgress('b'), progress('b', 5));
      queryClient.setQueryData(queryKeys.resourcesList('b'), { serverId: 'b', items: [item('b', 0)], pages: 1, cache: { state: 'miss', receivedAt: 0 } });
    });
    expect(seen.length).toBe(rendersBefore);
    expect(reads).toBe(0);

    const list: ListResult<ResourceItem> = { serverId: 'a', items: [item('a', 0), item('a', 1), item('a', 2)], pages: 1, cache: { state: 'miss', receivedAt: 0 } };
    act(() => queryClient.setQueryData(queryKeys.resourcesList('a'), list));
    expect(seen.at(-1)).toEqual({ list: 3, progress: 2 });

    act(() => queryClient.removeQueries({ queryKey: queryKeys.resourcesList('a') }));
    expect(seen.at(-1)).toEqual({ list: undefined, progress: 2 });
  });
});
