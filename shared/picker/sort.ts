// Picker sort orders. Every sort is stable (ties keep list order) and puts unannotated items last.
import { columnSources, type PickerColumns } from './columns';
import { CountedOrder } from './counted-order';
import type { ItemSource } from './item-source';
import { FIELD_NAME, FIELD_TITLE, FIELD_URI, sortKey } from './search-line';

export type SortKey = 'priority' | 'recent' | 'name';
export const sortKeys: readonly SortKey[] = ['priority', 'recent', 'name'];

export interface SortOrder {
  /** Item indices in display order. */
  order: Uint32Array;
}

type Compare = (a: number, b: number) => number;

/** Descending numeric compare with NaN (missing) last; the index breaks ties, which makes it stable. */
function byDescendingColumn(column: readonly number[]): Compare {
  return (a, b) => {
    const x = column[a];
    const y = column[b];
    const xMissing = Number.isNaN(x);
    const yMissing = Number.isNaN(y);
    if (xMissing !== yMissing) return xMissing ? 1 : -1;
    if (!xMissing && x !== y) return y - x;
    return a - b;
  };
}

/**
 * Code-unit order on lower-cased text (as `<` on strings), ties by item index: deterministic, a total order,
 * and ~10x faster than a collator at 100k items.
 */
export function byTextOf(keyOf: (i: number) => string): Compare {
  return (a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    return x < y ? -1 : x > y ? 1 : a - b;
  };
}

/**
 * `added` (ascending under `compare`, all of them later items than `order`'s) merged into `order`, each placed by
 * binary search: O(m log n) comparisons instead of a pass over every item, so a comparator that makes the old
 * items' keys when compared (slices of their search lines) makes a few dozen per new item, not one per old item.
 */
export function mergeInserting(order: Uint32Array, added: ArrayLike<number>, compare: Compare): Uint32Array {
  const out = new Uint32Array(order.length + added.length);
  let from = 0;
  let o = 0;
  for (let r = 0; r < added.length; r++) {
    const item = added[r];
    let lo = from;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(order[mid], item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(order.subarray(from, lo), o);
    o += lo - from;
    from = lo;
    out[o++] = item;
  }
  out.set(order.subarray(from), o);
  return out;
}

/** What the name sort orders by: the lower-cased title, else name, else URI (read from the search line). */
function nameKey(items: ItemSource, i: number): string {
  return items.lowerFieldAt(i, FIELD_TITLE) || items.lowerFieldAt(i, FIELD_NAME) || items.lowerFieldAt(i, FIELD_URI);
}

interface SortedPrefix {
  /** The sorted order of items 0..order.length-1. */
  order: Uint32Array;
  /** A numeric sort's counts while the column has few enough distinct values (counted-order.ts). */
  counted?: CountedOrder;
}

// Keyed by one server's haystack array, which `extendColumns` grows in place while a list streams in: a
// list that grew is sorted by sorting only its new items and merging them in (linear), not all over again.
const sortedPrefixes = new WeakMap<readonly string[], Map<SortKey, SortedPrefix>>();

/**
 * Compare over one server's first `n` items. Name keys are made for items from..n-1 (the ones being sorted, made
 * flat), and for older items when compared (placing new items among them); none is kept after the sort.
 */
function comparator(columns: PickerColumns, key: SortKey, from: number, n: number): Compare {
  if (key === 'priority') return byDescendingColumn(columns.priority);
  if (key === 'recent') return byDescendingColumn(columns.modified);
  const added = new Array<string>(n - from);
  for (let i = from; i < n; i++) added[i - from] = sortKey(nameKey(columns.items, i));
  return byTextOf(i => (i >= from ? added[i - from] : nameKey(columns.items, i)));
}

/**
 * Merges two ascending runs, `right`'s indices read `shift` higher (a run of later items, kept in its own indices,
 * is merged without a shifted copy); the comparator is a total order (index tiebreak), so the result is stable.
 */
export function merge(left: Uint32Array, right: ArrayLike<number>, compare: Compare, shift = 0): Uint32Array {
  const out = new Uint32Array(left.length + right.length);
  let l = 0;
  let r = 0;
  let o = 0;
  while (l < left.length && r < right.length) {
    const next = right[r] + shift;
    if (compare(left[l], next) <= 0) out[o++] = left[l++];
    else {
      out[o++] = next;
      r++;
    }
  }
  while (l < left.length) out[o++] = left[l++];
  while (r < right.length) out[o++] = right[r++] + shift;
  return out;
}

/** The sorted order of one server's first `n` items, grown from the cached order of fewer. */
function serverOrder(columns: PickerColumns, key: SortKey, n: number): Uint32Array {
  let byKey = sortedPrefixes.get(columns.haystack);
  if (!byKey) sortedPrefixes.set(columns.haystack, (byKey = new Map()));
  const prefix = byKey.get(key);
  // The same array while the server's items are the same: the merges of several servers' orders are cached by it.
  if (prefix && prefix.order.length === n) return prefix.order;
  // Columns made before this server's list grew see only their items: the same order, without the newer ones.
  if (prefix && prefix.order.length > n) return prefix.order.filter(i => i < n);
  const numeric = key === 'priority' ? columns.priority : key === 'recent' ? columns.modified : undefined;
  if (numeric && (!prefix || prefix.counted)) {
    const counted = prefix?.counted ?? new CountedOrder();
    if (counted.grow(numeric, n)) {
      const order = counted.order();
      byKey.set(key, { order, counted });
      return order;
    }
    // Too many distinct values: sorted by comparison from here on (from the order of the items counted before).
  }
  const from = prefix ? prefix.order.length : 0;
  const compare = comparator(columns, key, from, n);
  const added = Array.from({ length: n - from }, (_, k) => from + k).sort(compare);
  // Name keys of older items are made when compared, and a few new items among many old ones take fewer
  // comparisons placed one by one: there, place them by binary search (see mergeInserting).
  const order = !prefix
    ? Uint32Array.from(added)
    : (key === 'name' || added.length * Math.log2(prefix.order.length + 1) < prefix.order.length ? mergeInserting : merge)(prefix.order, added, compare);
  byKey.set(key, { order });
  return order;
}

/** Compare over columns of several servers (indices into the concatenated columns), for merging their orders. */
function mergeComparator(columns: PickerColumns, key: SortKey): Compare {
  if (key !== 'name') return comparator(columns, key, 0, 0);
  return byTextOf(i => nameKey(columns.items, i));
}

/**
 * The order of a run of consecutive servers, in the run's own indices (0 is its first server's first item), by
 * the identity of its two halves' orders. A server's order is the same array while its items are (serverOrder),
 * so when one of fifty servers changes, only the runs holding it are merged again: about twice its share of
 * items, instead of every server's order merged into a growing one (fifty merges over up to every item, each
 * time any list changed: 6 s of the page's 18 s while a warm start of 50 × 2,000 put its live lists in).
 */
const mergedRuns = new WeakMap<Uint32Array, WeakMap<Uint32Array, Uint32Array>>();

/** `orders[from..to)` (each server's own, in its own indices) merged; `start`: the run's first index in `compare`'s terms. */
function mergeRun(orders: readonly Uint32Array[], from: number, to: number, start: number, compare: Compare): Uint32Array {
  if (to - from === 1) return orders[from];
  const mid = (from + to) >>> 1;
  const left = mergeRun(orders, from, mid, start, compare);
  const right = mergeRun(orders, mid, to, start + left.length, compare);
  let byRight = mergedRuns.get(left);
  if (!byRight) mergedRuns.set(left, (byRight = new WeakMap()));
  let merged = byRight.get(right);
  if (!merged) byRight.set(right, (merged = merge(left, right, (a, b) => compare(start + a, start + b), left.length)));
  return merged;
}

/**
 * Each server's items are sorted on their own (and, as its list grows, only its new items are sorted and
 * merged in); several servers' orders are then merged pairwise, in halves (see mergedRuns).
 */
export function buildSortOrder(columns: PickerColumns, key: SortKey): SortOrder {
  const sources = columnSources(columns);
  if (sources.length === 1) return { order: serverOrder(sources[0].columns, key, columns.items.length) };
  const orders = sources.map(({ columns: source, size }) => serverOrder(source, key, size));
  return { order: mergeRun(orders, 0, orders.length, 0, mergeComparator(columns, key)) };
}
