// @vitest-environment happy-dom
// The picker's per-server queries re-set their observers only when what they ask changes: re-rendered with the
// same servers (a new array of the same ids, as each server state gives it), `useQueries` is left alone.
import { QueriesObserver, QueryClient } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerId } from '../../shared/contract';
import { renderWithEngine, stubEngine } from '../../test-support/renderer/stub-engine';
import { ResourceTable } from '../../shared/picker/resource-table';
import { queryKeys } from './keys';
import { useLastKnownLists, useListProgress, useResourceLists, type ListProgress } from './use-resource-list';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Set by the component after each render: how to render it again, and what it read. */
const out: { rerender(ids: ServerId[], listing: ServerId[]): void; progress: (number | undefined)[]; fetching: boolean[] } = {
  rerender: () => undefined,
  progress: [],
  fetching: []
};

function Lists() {
  const [{ ids, listing }, set] = useState<{ ids: ServerId[]; listing: ServerId[] }>({ ids: ['a', 'b', 'c'], listing: [] });
  const lists = useResourceLists(ids, id => listing.includes(id));
  const progress = useListProgress(ids);
  useLastKnownLists(ids, id => lists[ids.indexOf(id)].data === undefined);
  const read = { progress: progress.map(p => p.data?.page), fetching: lists.map(l => l.isFetching) };
  useEffect(() => {
    Object.assign(out, read, { rerender: (nextIds: ServerId[], nextListing: ServerId[]) => set({ ids: nextIds, listing: nextListing }) });
  });
  return null;
}

describe('per-server queries', () => {
  it('are re-set only when the servers or their enabled flags change', () => {
    const setQueries = vi.spyOn(QueriesObserver.prototype, 'setQueries');
    const engine = stubEngine({ 'resources.lastKnown': () => null, 'resources.list': () => new Promise(() => undefined) });
    renderWithEngine(<Lists />, engine);
    const atMount = setQueries.mock.calls.length;

    for (let k = 0; k < 5; k++) act(() => out.rerender(['a', 'b', 'c'], []));
    expect(setQueries.mock.calls.length).toBe(atMount);

    // One server may now list: the list queries are re-set (their `enabled`), the others are not.
    act(() => out.rerender(['a', 'b', 'c'], ['b']));
    expect(setQueries.mock.calls.length).toBe(atMount + 1);
    expect(engine.calls.filter(c => c.method === 'resources.list')).toHaveLength(1);

    // Another server shown: all three.
    act(() => out.rerender(['a', 'b', 'c', 'd'], ['b']));
    expect(setQueries.mock.calls.length).toBe(atMount + 4);
    expect(out.fetching).toEqual([false, true, false, false]);
  });

  it('still show what the cache holds as it changes', async () => {
    const queryClient = new QueryClient();
    renderWithEngine(<Lists />, stubEngine({ 'resources.lastKnown': () => null }), queryClient);
    expect(out.progress).toEqual([undefined, undefined, undefined]);
    const table = ResourceTable.fromItems('c', [{ serverId: 'c', uri: 'ref://1', name: '1' }]).rows();
    // Observers tell their hooks in TanStack Query's next batch (a timer), not at once.
    await act(async () => {
      queryClient.setQueryData<ListProgress>(queryKeys.listProgress('c'), { requestId: 'r', page: 3, items: table, walked: table.length, done: false });
      await new Promise(resolve => setTimeout(resolve, 0));
    });
    expect(out.progress).toEqual([undefined, undefined, 3]);
    act(() => out.rerender(['c', 'a'], []));
    expect(out.progress).toEqual([3, undefined]);
  });
});
