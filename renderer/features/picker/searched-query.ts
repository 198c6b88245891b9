// The search text the picker's rows follow, and how soon they follow it: in the keystroke's own render when the
// search is cheap, in a transition when it is not.
import { startTransition, useEffect, useState } from 'react';
import { usePickerStore } from '../../state/picker-store';
import { afterNextPaint } from '../../app/after-next-paint';

/**
 * A search (with its filters) expected to take at most this long runs in the keystroke's own render, so the next
 * frame paints its results. A transition renders in a later task and may yield to the browser after React's 5 ms
 * slice, letting a frame go by without them. A costlier search runs in a transition, so typing never waits for it.
 */
export const SYNC_SEARCH_BUDGET_MS = 6;

/**
 * From this many items on, every keystroke's whole search runs in a transition. A list this long has keystrokes whose
 * search takes several frames right after a cheap one (a new term, or a third letter the index no longer answers on
 * its own: 20-70 ms at a million items), which the last search's time cannot foresee; their first rows are painted in
 * the keystroke's own frame anyway (search-first.ts, use-picker-model.ts), so the whole search never runs there.
 */
export const ALWAYS_DEFERRED_FROM_ITEMS = 250_000;

/**
 * How long the picker's last search took, from which the next keystroke's cost is guessed (one more letter of the
 * same query usually costs about the same). An empty query searches nothing, so it tells nothing: after it (as
 * after a listing, when the search indexes may still be building) the next keystroke counts as costly, as it does
 * before any search.
 */
export class SearchCost {
  private lastMs = Number.POSITIVE_INFINITY;
  private lastItems = 0;

  /** Runs the search for `query` over `items` items and keeps how long it took. */
  timed<T>(query: string, items: number, search: () => T): T {
    const started = performance.now();
    try {
      return search();
    } finally {
      this.lastMs = query === '' ? Number.POSITIVE_INFINITY : performance.now() - started;
      this.lastItems = items;
    }
  }

  get cheap(): boolean {
    return this.lastMs <= SYNC_SEARCH_BUDGET_MS && this.lastItems < ALWAYS_DEFERRED_FROM_ITEMS;
  }
}

/**
 * The search text, followed at once when `cost` says the search is cheap, else in a transition started once the
 * keystroke's own frame is painted: a keystroke then renders the search box and the first rows of its result
 * (use-picker-model.ts) at once, and whoever calls this with the whole result, once. React would start the
 * transition's render before the browser paints, holding that frame back for the whole search (40-120 ms at a
 * million items). A newer keystroke drops the older one's transition before it starts. `follows` false holds the text
 * as it is. Reading the store here with
 * useDeferredValue instead would render the whole picker twice per keystroke, the first time for nothing.
 */
export function useSearchedQuery(cost: SearchCost, follows = true): string {
  const [searched, setSearched] = useState(() => usePickerStore.getState().query);
  useEffect(() => {
    // Held while the picker searches in steps instead (stepped-search.ts), and caught up when it no longer does.
    if (!follows) return;
    let cancelPending = () => {};
    const follow = (query: string) => {
      cancelPending();
      if (cost.cheap) setSearched(query);
      else cancelPending = afterNextPaint(() => startTransition(() => setSearched(query)));
    };
    // A change between the first render and this subscription is not lost.
    follow(usePickerStore.getState().query);
    const unsubscribe = usePickerStore.subscribe((state, previous) => {
      if (state.query !== previous.query) follow(state.query);
    });
    return () => {
      unsubscribe();
      cancelPending();
    };
  }, [cost, follows]);
  return searched;
}
