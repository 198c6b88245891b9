// The search text the picker's rows follow, and how soon they follow it: in the keystroke's own render when the
// search is cheap, in a transition when it is not.
import { startTransition, useEffect, useState } from 'react';
import { usePickerStore } from '../../state/picker-store';

/**
 * A search (with its filters) expected to take at most this long runs in the keystroke's own render, so the next
 * frame paints its results. A transition renders in a later task and may yield to the browser after React's 5 ms
 * slice, letting a frame go by without them. A costlier search runs in a transition, so typing never waits for it.
 */
export const SYNC_SEARCH_BUDGET_MS = 6;

/**
 * How long the picker's last search took, from which the next keystroke's cost is guessed (one more letter of the
 * same query usually costs about the same). An empty query searches nothing, so it tells nothing: after it (as
 * after a listing, when the search indexes may still be building) the next keystroke counts as costly, as it does
 * before any search.
 */
export class SearchCost {
  private lastMs = Number.POSITIVE_INFINITY;

  /** Runs the search for `query` and keeps how long it took. */
  timed<T>(query: string, search: () => T): T {
    const started = performance.now();
    try {
      return search();
    } finally {
      this.lastMs = query === '' ? Number.POSITIVE_INFINITY : performance.now() - started;
    }
  }

  get cheap(): boolean {
    return this.lastMs <= SYNC_SEARCH_BUDGET_MS;
  }
}

/**
 * The search text, followed at once when `cost` says the search is cheap, else in a transition: a keystroke then
 * renders the search box (the one component reading the text as typed) at once, and whoever calls this with the
 * results, once. Reading the store here with useDeferredValue instead would render the whole picker twice per
 * keystroke, the first time for nothing.
 */
export function useSearchedQuery(cost: SearchCost): string {
  const [searched, setSearched] = useState(() => usePickerStore.getState().query);
  useEffect(() => {
    const follow = (query: string) => {
      if (cost.cheap) setSearched(query);
      else startTransition(() => setSearched(query));
    };
    // A change between the first render and this subscription is not lost.
    follow(usePickerStore.getState().query);
    return usePickerStore.subscribe((state, previous) => {
      if (state.query !== previous.query) follow(state.query);
    });
  }, [cost]);
  return searched;
}
