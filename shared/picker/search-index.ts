// Per-item facts the search reads instead of the text, computed once per item and kept while a list grows.
//   - charMasks: which letters and digits an item's search line holds (digits share bits) and whether it has a
//     line break; a term needing a letter the item lacks is rejected without reading the text.
//   - pairs: a 256-bit set (8 words) of the letter/digit pairs next to each other in the search line, hashed; a
//     term whose pairs are not all there is rejected without reading the text (about a quarter of the bits are
//     set for a typical item, so most items lacking a pair are caught).
//   - firstChars: the same bits for the first character of name, title, URI and last URI segment; only items
//     with the query's first character there can be exact or prefix matches.
import type { PickerColumns } from './columns';

const DIGIT_BITS = 5;
export const LINE_BREAK_BIT = 1 << 31;

/** The bit of one character code, 0 for characters without one. */
export function charBit(code: number): number {
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

export const PAIR_WORDS = 8;

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/** Bit number (0..255) of a pair of adjacent letter/digit codes. */
function pairBit(a: number, b: number): number {
  return Math.imul((a << 8) | b, 0x9e3779b1) >>> 24;
}

/** Sets the pair bits of `text` into `out` at `at` (PAIR_WORDS words). */
export function addPairs(text: string, out: Int32Array, at: number): void {
  let previous = text.length > 0 ? text.charCodeAt(0) : 0;
  for (let k = 1; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (isWordChar(code) && isWordChar(previous)) {
      const bit = pairBit(previous, code);
      out[at + (bit >>> 5)] |= 1 << (bit & 31);
    }
    previous = code;
  }
}

export interface SearchIndex {
  charMasks: Int32Array;
  /** PAIR_WORDS words per item. */
  pairs: Int32Array;
  firstChars: Int32Array;
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

/** The index of `columns`, extended to its current items. */
export function searchIndex(columns: PickerColumns): SearchIndex {
  const { haystack, nameLower, titleLower, uriLower, uriLeafLower } = columns;
  let index = cache.get(haystack);
  if (!index || index.size > haystack.length)
    index = { charMasks: new Int32Array(0), pairs: new Int32Array(0), firstChars: new Int32Array(0), size: 0 };
  if (index.size < haystack.length) {
    index.charMasks = grow(index.charMasks, index.size, haystack.length);
    index.pairs = grow(index.pairs, index.size * PAIR_WORDS, haystack.length * PAIR_WORDS);
    index.firstChars = grow(index.firstChars, index.size, haystack.length);
    for (let i = index.size; i < haystack.length; i++) {
      index.charMasks[i] = charMask(haystack[i]);
      addPairs(haystack[i], index.pairs, i * PAIR_WORDS);
      index.firstChars[i] =
        charBit(nameLower[i].charCodeAt(0)) |
        charBit(titleLower[i].charCodeAt(0)) |
        charBit(uriLower[i].charCodeAt(0)) |
        charBit(uriLeafLower[i].charCodeAt(0));
    }
    index.size = haystack.length;
    cache.set(haystack, index);
  }
  const { size } = index;
  return {
    charMasks: index.charMasks.subarray(0, size),
    pairs: index.pairs.subarray(0, size * PAIR_WORDS),
    firstChars: index.firstChars.subarray(0, size)
  };
}
