// The fields an exact or prefix match is about (name, title, last URI segment, URI), each kept as item indices
// sorted by the field's text, so the items whose field starts with the query are one range per field, found
// by binary search, and the items equal to it are the start of that range. A query that matches nearly every
// item by prefix ("ref://catalog/") then costs a few dozen string compares instead of reading 100,000 fields.
//
// Built once per item like search-index.ts (cached per haystack array, which `extendColumns` grows in place):
// items added while a list streams in are sorted on their own and merged in. Sorting 100,000 random names
// takes ~30 ms: items are first sorted natively by their first two code units packed with their index into
// one number, and only runs sharing those are compared as strings.
import type { PickerColumns } from './columns';
import { merge } from './sort';

export const PREFIX_FIELDS = 4;

/** The fields an exact or prefix match is about, in the order of `sortedFields` and `PrefixRanges`. */
export function prefixFields(columns: PickerColumns): readonly (readonly string[])[] {
  return [columns.nameLower, columns.titleLower, columns.uriLeafLower, columns.uriLower];
}

/** Code-unit order (as `<` on strings), ties by item index, so the order is total and stable. */
function compareAt(texts: readonly string[]): (a: number, b: number) => number {
  return (a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : a - b);
}

/** The packed sort keeps an item index below this next to a key below 2^32.0001 in one float64 (exact to 2^53). */
const PACKED_INDEX_LIMIT = 2 ** 20;
const CODE_RANGE = 65_537;

/** The first two code units of `text` as one number in code-unit order (a shorter text sorts first). */
function leadKey(text: string): number {
  const first = text.length > 0 ? text.charCodeAt(0) + 1 : 0;
  const second = text.length > 1 ? text.charCodeAt(1) + 1 : 0;
  return first * CODE_RANGE + second;
}

/** Items from..to-1 sorted by `texts`. */
function sortRange(texts: readonly string[], from: number, to: number): Uint32Array {
  const count = to - from;
  const out = new Uint32Array(count);
  const compare = compareAt(texts);
  if (to > PACKED_INDEX_LIMIT) {
    for (let k = 0; k < count; k++) out[k] = from + k;
    return out.sort(compare);
  }
  const packed = new Float64Array(count);
  for (let k = 0; k < count; k++) packed[k] = leadKey(texts[from + k]) * PACKED_INDEX_LIMIT + from + k;
  packed.sort();
  for (let k = 0; k < count; k++) out[k] = packed[k] % PACKED_INDEX_LIMIT;
  // Runs with the same two leading code units still need their texts compared (texts of two code units or
  // less in such a run are equal, and already in index order).
  let start = 0;
  for (let k = 1; k <= count; k++) {
    if (k < count && Math.floor(packed[k] / PACKED_INDEX_LIMIT) === Math.floor(packed[start] / PACKED_INDEX_LIMIT)) continue;
    if (k - start > 1) out.subarray(start, k).sort(compare);
    start = k;
  }
  return out;
}

// Per haystack array, per field: the sorted order of the items it has seen so far.
const cache = new WeakMap<readonly string[], (Uint32Array | undefined)[]>();

/** Whether field f's sorted order holds every current item. */
export function isFieldSorted(columns: PickerColumns, f: number): boolean {
  return cache.get(columns.haystack)?.[f]?.length === columns.haystack.length;
}

/** Field f's items sorted by its text; extended to the current items. */
export function sortedField(columns: PickerColumns, f: number): Uint32Array {
  const n = columns.haystack.length;
  let orders = cache.get(columns.haystack);
  if (!orders) cache.set(columns.haystack, (orders = []));
  const cached = orders[f];
  const size = cached && cached.length <= n ? cached.length : 0;
  if (cached && size === n) return cached;
  const texts = prefixFields(columns)[f];
  const added = sortRange(texts, size, n);
  const order = size > 0 && cached ? merge(cached, Array.from(added), compareAt(texts)) : added;
  orders[f] = order;
  return order;
}

/** Per prefix field, every item index sorted by that field's text; extended to the current items. */
export function sortedFields(columns: PickerColumns): readonly Uint32Array[] {
  return Array.from({ length: PREFIX_FIELDS }, (_, f) => sortedField(columns, f));
}

/**
 * Per prefix field, the range of its sorted order whose texts start with `whole`: positions lo..hi-1, of which
 * lo..exactEnd-1 equal it (equal texts sort before longer ones).
 */
export interface PrefixRanges {
  whole: string;
  orders: readonly Uint32Array[];
  /** [lo, exactEnd, hi] per field. */
  bounds: Int32Array;
  /** Range entries over all fields (an item can be counted in several). */
  count: number;
}

/** First position in lo..hi-1 whose text does not pass `before`, given that passing ones come first. */
function partition(order: Uint32Array, texts: readonly string[], lo: number, hi: number, before: (text: string) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(texts[order[mid]])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The items whose name, title, last URI segment or URI starts with `whole` (a lower-cased query). */
export function prefixRanges(columns: PickerColumns, whole: string): PrefixRanges {
  const orders = sortedFields(columns);
  const fields = prefixFields(columns);
  const bounds = new Int32Array(PREFIX_FIELDS * 3);
  let count = 0;
  for (let f = 0; f < PREFIX_FIELDS; f++) {
    const order = orders[f];
    const texts = fields[f];
    const lo = partition(order, texts, 0, order.length, text => text < whole);
    const hi = partition(order, texts, lo, order.length, text => text.startsWith(whole));
    const exactEnd = partition(order, texts, lo, hi, text => text.length === whole.length);
    bounds.set([lo, exactEnd, hi], f * 3);
    count += hi - lo;
  }
  return { whole, orders, bounds, count };
}

/** Sets marks[i] = 1 for every item in `ranges` (marks must hold every item, zeroed by the caller). */
export function markPrefixed(ranges: PrefixRanges, marks: Uint8Array): void {
  for (let f = 0; f < PREFIX_FIELDS; f++) {
    const order = ranges.orders[f];
    for (let k = ranges.bounds[f * 3], hi = ranges.bounds[f * 3 + 2]; k < hi; k++) marks[order[k]] = 1;
  }
}
