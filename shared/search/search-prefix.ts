// The fields an exact or prefix match is about (name, title, last URI segment, URI), each kept as item indices
// sorted by the field's text, so the items whose field starts with the query are one range per field, found
// by binary search, and the items equal to it are the start of that range. A query that matches nearly every
// item by prefix ("ref://catalog/") then costs a few dozen string compares instead of reading 100,000 fields.
//
// Built per server's columns like search-index.ts (cached per haystack array, which `extendColumns` grows in
// place): items added while a list streams in are sorted on their own and merged in, and columns concatenated
// from several servers use each server's orders with an offset. Items are first sorted natively by their first
// two code units packed with their index into one number; only runs sharing those are compared as strings
// (at 100,000 items, 20-100 ms per field, depending on how many texts share their start).
import { columnSources, type PickerColumns } from '../picker/columns';
import { FIELD_NAME, FIELD_TITLE, FIELD_URI, FIELD_URI_LEAF, sortKey } from '../picker/search-line';
import { byTextOf, mergeInserting } from '../picker/sort';

/** The fields an exact or prefix match is about, in the order of `sortedField`'s `f` and `PrefixRanges`. */
const PREFIX_LINE_FIELDS = [FIELD_NAME, FIELD_TITLE, FIELD_URI_LEAF, FIELD_URI] as const;
export const PREFIX_FIELDS = PREFIX_LINE_FIELDS.length;

/** Prefix field f's text of one server's items 0..n-1, read from their search lines (made for one sort, then dropped). */
export function prefixFieldTexts(columns: PickerColumns, f: number, n = columns.items.length, from = 0): string[] {
  const field = PREFIX_LINE_FIELDS[f];
  const texts = new Array<string>(n - from);
  for (let i = from; i < n; i++) texts[i - from] = sortKey(columns.items.lowerFieldAt(i, field));
  return texts;
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

/** Items from..to-1 sorted by `texts` (item i's text at i - from). */
function sortRange(texts: readonly string[], from: number, to: number): Uint32Array {
  const count = to - from;
  const out = new Uint32Array(count);
  const compare = byTextOf(i => texts[i - from]);
  if (to > PACKED_INDEX_LIMIT) {
    for (let k = 0; k < count; k++) out[k] = from + k;
    return out.sort(compare);
  }
  const packed = new Float64Array(count);
  for (let k = 0; k < count; k++) packed[k] = leadKey(texts[k]) * PACKED_INDEX_LIMIT + from + k;
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

/** Whether field f's sorted order holds every current item of one server's columns. */
export function isFieldSorted(columns: PickerColumns, f: number): boolean {
  return (cache.get(columns.haystack)?.[f]?.length ?? -1) >= columns.items.length;
}

/**
 * One server's items sorted by field f's text; extended to the items of `columns`. Columns made before their
 * server's list grew get the order of the grown list (it holds more items; callers keep the ones they have).
 */
export function sortedField(columns: PickerColumns, f: number): Uint32Array {
  const n = columns.items.length;
  let orders = cache.get(columns.haystack);
  if (!orders) cache.set(columns.haystack, (orders = []));
  const cached = orders[f];
  if (cached && cached.length >= n) return cached;
  const size = cached ? cached.length : 0;
  // Texts for the new items only; older items' texts are made where the binary search probes them.
  const texts = prefixFieldTexts(columns, f, n, size);
  const added = sortRange(texts, size, n);
  const field = PREFIX_LINE_FIELDS[f];
  const order = size > 0 && cached ? mergeInserting(cached, added, byTextOf(i => (i >= size ? texts[i - size] : columns.items.lowerFieldAt(i, field)))) : added;
  orders[f] = order;
  return order;
}

/**
 * One server's part of the items whose prefix field `field` starts with the query: positions lo..hi-1 of
 * that server's sorted order (lo..exactEnd-1 equal the query; equal texts sort before longer ones), its
 * item indices counted from `offset`.
 */
interface PrefixRange {
  field: number;
  order: Uint32Array;
  offset: number;
  lo: number;
  exactEnd: number;
  hi: number;
}

/** The items whose name, title, last URI segment or URI starts with `whole`, as ranges of sorted orders. */
export interface PrefixRanges {
  whole: string;
  ranges: PrefixRange[];
  /** Range entries over all fields (an item can be counted in several). */
  count: number;
}

/** First position in lo..hi-1 whose text does not pass `before`, given that passing ones come first. */
function partition(order: Uint32Array, textOf: (i: number) => string, lo: number, hi: number, before: (text: string) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(textOf(order[mid]))) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Field f's sorted order of one server's first `size` items (its arrays may have grown since). */
function sortedPrefix(columns: PickerColumns, f: number, size: number): Uint32Array {
  const order = sortedField(columns, f);
  return order.length === size ? order : order.filter(i => i < size);
}

/** The items whose name, title, last URI segment or URI starts with `whole` (a lower-cased query). */
export function prefixRanges(columns: PickerColumns, whole: string): PrefixRanges {
  const ranges: PrefixRange[] = [];
  let count = 0;
  for (const { columns: source, offset, size } of columnSources(columns)) {
    for (let f = 0; f < PREFIX_FIELDS; f++) {
      const order = sortedPrefix(source, f, size);
      const field = PREFIX_LINE_FIELDS[f];
      const texts = (i: number) => source.items.lowerFieldAt(i, field);
      const lo = partition(order, texts, 0, order.length, text => text < whole);
      const hi = partition(order, texts, lo, order.length, text => text.startsWith(whole));
      const exactEnd = partition(order, texts, lo, hi, text => text.length === whole.length);
      if (hi > lo) ranges.push({ field: f, order, offset, lo, exactEnd, hi });
      count += hi - lo;
    }
  }
  return { whole, ranges, count };
}

/** Whether a prefix field of item i starts with `whole` (or equals it). */
export function startsPrefixField(columns: PickerColumns, i: number, whole: string): boolean {
  const { items } = columns;
  if (items.lowerFieldAt(i, FIELD_NAME).startsWith(whole) || items.lowerFieldAt(i, FIELD_TITLE).startsWith(whole)) return true;
  const uri = items.lowerFieldAt(i, FIELD_URI);
  if (uri.startsWith(whole)) return true;
  // The last segment is part of the URI: cut it out only when the URI holds the query.
  return uri.includes(whole) && items.lowerFieldAt(i, FIELD_URI_LEAF).startsWith(whole);
}

/** Sets marks[i] = 1 for every item in `prefix` (marks must hold every item, zeroed by the caller). */
export function markPrefixed(prefix: PrefixRanges, marks: Uint8Array): void {
  for (const { order, offset, lo, hi } of prefix.ranges) for (let k = lo; k < hi; k++) marks[offset + order[k]] = 1;
}
