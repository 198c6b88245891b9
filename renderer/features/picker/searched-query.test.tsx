// @vitest-environment happy-dom
// How soon the picker follows the typed text. A keystroke reaches the store inside the input's change event,
// which React renders at once: flushSync stands in for that event here. Whatever follows in that render is on
// the next frame; a transition renders later, after React has yielded to the browser.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { usePickerStore } from '../../state/picker-store';
import { ALWAYS_DEFERRED_FROM_ITEMS, SearchCost, SYNC_SEARCH_BUDGET_MS, useSearchedQuery } from './searched-query';

const type = (query: string) => flushSync(() => usePickerStore.getState().setQuery(query));

/** A SearchCost whose last search, over `items` items, took `ms`. */
function lastSearchTook(ms: number, items = 1_000): SearchCost {
  const cost = new SearchCost();
  const started = performance.now();
  cost.timed('runbo', items, () => {
    while (performance.now() - started < ms) {
      // Busy: the search being timed.
    }
  });
  return cost;
}

afterEach(() => {
  cleanup();
  usePickerStore.getState().setQuery('');
});

describe('useSearchedQuery', () => {
  it('follows a keystroke in its own render while the last search was cheap', () => {
    const { result } = renderHook(() => useSearchedQuery(lastSearchTook(0)));
    type('runbook');
    expect(result.current).toBe('runbook');
  });

  it('follows in a transition, after the keystroke, once a search cost more than the budget', async () => {
    const { result } = renderHook(() => useSearchedQuery(lastSearchTook(SYNC_SEARCH_BUDGET_MS + 2)));
    type('runbook');
    expect(result.current).toBe('');
    await waitFor(() => expect(result.current).toBe('runbook'));
  });

  it('counts no search as cheap before one has been timed', async () => {
    const cost = new SearchCost();
    expect(cost.cheap).toBe(false);
    const { result } = renderHook(() => useSearchedQuery(cost));
    type('a');
    expect(result.current).toBe('');
    await waitFor(() => expect(result.current).toBe('a'));
    // Timed once, and cheap: the next keystroke is followed at once.
    cost.timed('a', 1_000, () => undefined);
    type('ab');
    expect(result.current).toBe('ab');
  });

  it('counts the next keystroke as costly after an empty query, which searched nothing', () => {
    const cost = lastSearchTook(0);
    expect(cost.cheap).toBe(true);
    cost.timed('', 1_000, () => undefined);
    expect(cost.cheap).toBe(false);
  });

  it('follows in a transition over a list this long, however cheap the last search was', async () => {
    expect(lastSearchTook(0, ALWAYS_DEFERRED_FROM_ITEMS - 1).cheap).toBe(true);
    const { result } = renderHook(() => useSearchedQuery(lastSearchTook(0, ALWAYS_DEFERRED_FROM_ITEMS)));
    type('runbook');
    expect(result.current).toBe('');
    await waitFor(() => expect(result.current).toBe('runbook'));
  });
});
