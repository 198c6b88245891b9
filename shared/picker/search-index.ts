// Per-item facts the search reads instead of the text, computed once per item and kept while a list grows.
//   - charMasks: which letters and digits an item's search line holds (digits share bits) and whether it has a
//     line break; a term needing a letter the item lacks is rejected without reading the text.
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

export interface SearchIndex {
  charMasks: Int32Array;
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
  if (!index || index.size > haystack.length) index = { charMasks: new Int32Array(0), firstChars: new Int32Array(0), size: 0 };
  if (index.size < haystack.length) {
    index.charMasks = grow(index.charMasks, index.size, haystack.length);
    index.firstChars = grow(index.firstChars, index.size, haystack.length);
    for (let i = index.size; i < haystack.length; i++) {
      index.charMasks[i] = charMask(haystack[i]);
      index.firstChars[i] =
        charBit(nameLower[i].charCodeAt(0)) |
        charBit(titleLower[i].charCodeAt(0)) |
        charBit(uriLower[i].charCodeAt(0)) |
        charBit(uriLeafLower[i].charCodeAt(0));
    }
    index.size = haystack.length;
    cache.set(haystack, index);
  }
  return { charMasks: index.charMasks.subarray(0, index.size), firstChars: index.firstChars.subarray(0, index.size) };
}
