// Per-item facts the search reads instead of the text, computed once per item and kept while a list grows.
//   - charMasks: which letters and digits an item's search line holds (digits share bits) and whether it has a
//     line break; a term needing a letter the item lacks is rejected without reading the text.
//   - pairs: a 256-bit set (8 words) of the letter/digit pairs next to each other in the search line, hashed; a
//     term whose pairs are not all there is rejected without reading the text (about a quarter of the bits are
//     set for a typical item, so most items lacking a pair are caught).
//   - firstCodes: the first character code of name, title, last URI segment and URI (4 per item, in
//     `prefixFields` order); only items with the query's first character there can be exact or prefix matches.
//   - fieldLengths: the lengths of those fields (capped at 65,535); with the first codes they rule out nearly
//     every exact match. Both spare reading strings scattered across the heap at 100,000 items.
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

export const PREFIX_FIELDS = 4;

/** The fields an exact or prefix match is about, in the order the index keeps their first codes. */
export function prefixFields(columns: PickerColumns): readonly (readonly string[])[] {
  return [columns.nameLower, columns.titleLower, columns.uriLeafLower, columns.uriLower];
}

export interface SearchIndex {
  charMasks: Int32Array;
  /** PAIR_WORDS words per item. */
  pairs: Int32Array;
  /** PREFIX_FIELDS codes per item; 0 for an empty field. */
  firstCodes: Uint16Array;
  /** PREFIX_FIELDS lengths per item. */
  fieldLengths: Uint16Array;
}

interface CachedIndex extends SearchIndex {
  size: number;
}

function grow<T extends Int32Array | Uint16Array>(array: T, size: number, needed: number, make: (length: number) => T): T {
  if (array.length >= needed) return array;
  const grown = make(Math.max(needed, Math.ceil(array.length * 1.5)));
  grown.set(array.subarray(0, size));
  return grown;
}

const int32 = (length: number) => new Int32Array(length);
const uint16 = (length: number) => new Uint16Array(length);

// Keyed by the haystack array, which `extendColumns` grows in place while a list streams in: only new items
// are read. Search sessions come and go with every page; this stays until the columns are rebuilt.
const cache = new WeakMap<readonly string[], CachedIndex>();

/** The index of `columns`, extended to its current items. */
export function searchIndex(columns: PickerColumns): SearchIndex {
  const { haystack } = columns;
  let index = cache.get(haystack);
  if (!index || index.size > haystack.length)
    index = { charMasks: int32(0), pairs: int32(0), firstCodes: uint16(0), fieldLengths: uint16(0), size: 0 };
  const { size } = index;
  const n = haystack.length;
  if (size < n) {
    index.charMasks = grow(index.charMasks, size, n, int32);
    index.pairs = grow(index.pairs, size * PAIR_WORDS, n * PAIR_WORDS, int32);
    index.firstCodes = grow(index.firstCodes, size * PREFIX_FIELDS, n * PREFIX_FIELDS, uint16);
    index.fieldLengths = grow(index.fieldLengths, size * PREFIX_FIELDS, n * PREFIX_FIELDS, uint16);
    const fields = prefixFields(columns);
    for (let i = size; i < n; i++) {
      index.charMasks[i] = charMask(haystack[i]);
      addPairs(haystack[i], index.pairs, i * PAIR_WORDS);
      for (let f = 0; f < PREFIX_FIELDS; f++) {
        const text = fields[f][i];
        index.firstCodes[i * PREFIX_FIELDS + f] = text.length > 0 ? text.charCodeAt(0) : 0;
        index.fieldLengths[i * PREFIX_FIELDS + f] = Math.min(text.length, 0xffff);
      }
    }
    index.size = n;
    cache.set(haystack, index);
  }
  return {
    charMasks: index.charMasks.subarray(0, n),
    pairs: index.pairs.subarray(0, n * PAIR_WORDS),
    firstCodes: index.firstCodes.subarray(0, n * PREFIX_FIELDS),
    fieldLengths: index.fieldLengths.subarray(0, n * PREFIX_FIELDS)
  };
}
