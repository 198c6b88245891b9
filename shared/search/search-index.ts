// Per-item facts the search reads instead of the text, computed once per item and kept while a list grows.
//   - charMasks: which letters and digits an item's search line holds (digits share bits) and whether it has a
//     line break; a term needing a letter the item lacks is rejected without reading the text.
//   - pairs: which letter/digit pairs stand next to each other in the search line: one bit per pair of two
//     letters (exact: a two-letter term is answered from it alone) and hashed bits for pairs with a digit. A
//     term whose pairs are not all there is rejected without reading the text.
// The exact/prefix fields have their own index, sorted by text (search-prefix.ts).
import { columnSources, type PickerColumns } from '../picker/columns';

const DIGIT_BITS = 5;
export const LINE_BREAK_BIT = 1 << 31;

/** The bit of one character code, 0 for characters without one. */
function charBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << (26 + ((code - 48) % DIGIT_BITS));
  if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) return LINE_BREAK_BIT;
  return 0;
}

/** Bits of the letters and digits in `text`, plus whether it has a line break. */
export function charMask(text: string): number {
  let mask = 0;
  for (let k = 0; k < text.length; k++) mask |= charBit(text.charCodeAt(k));
  return mask;
}

/** 26 x 26 letter pairs, then DIGIT_PAIR_BITS hashed bits for pairs with a digit: 768 bits, 96 bytes per item. */
export const PAIR_WORDS = 24;
const LETTER_PAIRS = 26 * 26;
const DIGIT_PAIR_BITS = PAIR_WORDS * 32 - LETTER_PAIRS;

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

/** Whether the pair bit of two adjacent codes stands for exactly that pair (two letters). */
export function isExactPair(a: number, b: number): boolean {
  return isLetter(a) && isLetter(b);
}

/** Bit number of a pair of adjacent letter/digit codes. */
export function pairBit(a: number, b: number): number {
  if (isExactPair(a, b)) return (a - 97) * 26 + (b - 97);
  return LETTER_PAIRS + ((Math.imul((a << 8) | b, 0x9e3779b1) >>> 0) % DIGIT_PAIR_BITS);
}

/** Sets the pair bits of `text` into `out` at `at` (PAIR_WORDS words). */
export function addPairs(text: string, out: Int32Array, at: number): void {
  indexText(text, out, at);
}

/** One pass over `text`: sets its pair bits into `out` at `at` and returns its char mask. */
function indexText(text: string, out: Int32Array, at: number): number {
  let mask = 0;
  let previous = 0;
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    mask |= charBit(code);
    if (k > 0 && isWordChar(code) && isWordChar(previous)) {
      const bit = pairBit(previous, code);
      out[at + (bit >>> 5)] |= 1 << (bit & 31);
    }
    previous = code;
  }
  return mask;
}

export interface SearchIndex {
  charMasks: Int32Array;
  /** PAIR_WORDS words per item. */
  pairs: Int32Array;
}

interface CachedIndex extends SearchIndex {
  size: number;
}

function grow(array: Int32Array, size: number, needed: number): Int32Array {
  if (array.length >= needed) return array;
  const grown = new Int32Array(Math.max(needed, Math.ceil(array.length * 1.5)));
  grown.set(array.subarray(0, size));
  return grown;
}

// Keyed by the haystack array, which `extendColumns` grows in place while a list streams in: only new items
// are read. Search sessions come and go with every page; this stays until the columns are rebuilt.
const cache = new WeakMap<readonly string[], CachedIndex>();

/** Extends the index of one server's columns to its first `end` items; returns how many it holds. */
function extendOwnIndex(columns: PickerColumns, end: number): number {
  const { haystack } = columns;
  let index = cache.get(haystack);
  if (!index || index.size > haystack.length) index = { charMasks: new Int32Array(0), pairs: new Int32Array(0), size: 0 };
  const { size } = index;
  const n = Math.min(end, haystack.length);
  if (size < n) {
    index.charMasks = grow(index.charMasks, size, n);
    index.pairs = grow(index.pairs, size * PAIR_WORDS, n * PAIR_WORDS);
    for (let i = size; i < n; i++) index.charMasks[i] = indexText(haystack[i], index.pairs, i * PAIR_WORDS);
    index.size = n;
  }
  cache.set(haystack, index);
  return index.size;
}

/**
 * Extends the index of `columns` to its first `end` items (at most all); returns how many it holds. Columns
 * concatenated from several servers' are indexed per server (kept as each server's list grows); their one
 * combined index is copied together by the first search that reads it (`searchIndex`), not here: while fifty
 * lists stream in, the columns change with every page, and a copy of every server's index per change (96 bytes
 * an item) was the page's largest cost.
 */
export function extendSearchIndex(columns: PickerColumns, end: number): number {
  if (!columns.sources) return extendOwnIndex(columns, end);
  const n = columns.haystack.length;
  const combined = cache.get(columns.haystack);
  if (combined && combined.size === n) return n;
  for (const { columns: source, offset, size } of columnSources(columns)) {
    // Asked for even when `end` is before it: a server indexed already counts (it says how many it holds).
    const held = Math.min(size, extendOwnIndex(source, Math.max(0, Math.min(size, end - offset))));
    if (held < size) return offset + held;
  }
  return n;
}

/** The per-server indexes of `columns` (all built) copied into one. */
function combineIndexes(columns: PickerColumns): void {
  const n = columns.haystack.length;
  const index = { charMasks: new Int32Array(n), pairs: new Int32Array(n * PAIR_WORDS), size: n };
  for (const { columns: source, offset, size } of columnSources(columns)) {
    // A server with no items (yet) at the end was never indexed: nothing to copy.
    if (size === 0) continue;
    const own = cache.get(source.haystack)!;
    index.charMasks.set(own.charMasks.subarray(0, size), offset);
    index.pairs.set(own.pairs.subarray(0, size * PAIR_WORDS), offset * PAIR_WORDS);
  }
  cache.set(columns.haystack, index);
}

/** The index of `columns`, extended to its current items. */
export function searchIndex(columns: PickerColumns): SearchIndex {
  const n = columns.haystack.length;
  const held = cache.get(columns.haystack);
  if (!held || held.size < n) {
    // Columns over several servers are indexed per server, then combined; when a server's own columns no longer
    // cover what the combination holds (its list restarted or is mid-stream), the combined haystack is indexed directly.
    if (columns.sources && extendSearchIndex(columns, n) === n) combineIndexes(columns);
    else extendOwnIndex(columns, n);
  }
  const index = cache.get(columns.haystack)!;
  return { charMasks: index.charMasks.subarray(0, n), pairs: index.pairs.subarray(0, n * PAIR_WORDS) };
}
