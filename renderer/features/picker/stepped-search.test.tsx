// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildColumns } from '../../../shared/picker/columns';
import { buildSortOrder } from '../../../shared/picker/sort';
import { SearchSession } from '../../../shared/search/search';
import { randomItems } from '../../../test-support/search/random-items';
import { useSteppedSearch } from './stepped-search';

afterEach(cleanup);

const columns = buildColumns(randomItems(41, 3000));
const { order } = buildSortOrder(columns, 'name');
const wholeSearch = (query: string) => Array.from(new SearchSession(columns).search(query, order)!.idxs);

describe('useSteppedSearch', () => {
  it('finishes the whole search after the frame, preparing the indexes first, and follows the query', async () => {
    const session = new SearchSession(columns);
    expect(session.prepared).toBe(false);
    const { result, rerender } = renderHook(({ query }) => useSteppedSearch(session, order, query, true), { initialProps: { query: 'kelp' } });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.query).toBe('kelp'));
    expect(session.prepared).toBe(true);
    expect(Array.from(result.current!.result!.idxs)).toEqual(wholeSearch('kelp'));
    expect(result.current).toMatchObject({ session, order });
    rerender({ query: 'kelp 1' });
    await waitFor(() => expect(result.current?.query).toBe('kelp 1'));
    expect(Array.from(result.current!.result!.idxs)).toEqual(wholeSearch('kelp 1'));
  });

  it('abandons a search a newer query overtakes, and searches nothing while not enabled', async () => {
    const session = new SearchSession(columns);
    const searchedToTheEnd: string[] = [];
    const searchSteps = session.searchSteps.bind(session);
    session.searchSteps = function* (query, searchOrder, sliceItems) {
      const found = yield* searchSteps(query, searchOrder, sliceItems);
      searchedToTheEnd.push(query);
      return found;
    };
    const { result, rerender } = renderHook(({ query, enabled }) => useSteppedSearch(session, order, query, enabled), {
      initialProps: { query: 'fjord', enabled: false }
    });
    await new Promise(resolve => setTimeout(resolve, 50));
    expect(result.current).toBeUndefined();
    rerender({ query: 'fjord', enabled: true });
    rerender({ query: 'glacier', enabled: true });
    await waitFor(() => expect(result.current?.query).toBe('glacier'));
    expect(searchedToTheEnd).toEqual(['glacier']);
  });
});
