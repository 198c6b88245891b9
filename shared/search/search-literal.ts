// The picker's substring matching, done with indexOf instead of a regex per item.
//
// uFuzzy's substring mode (intraMode 0, default options) turns a term into its parts, the runs of [a-z0-9']
// (quoted phrases aside), and matches `part1.*?part2.*?...` case-insensitively: each part literally, in order,
// with no line break between them. For terms without quotes or apostrophes this module answers the same
// question per item without building or running a regex, which is what makes the first keystrokes, that match
// nearly every item, cheap:
//   - a per-item bit mask of the letters and digits present, and the set of adjacent pairs, reject most
//     non-matches without reading the text; a term of one or two letters is answered by them alone;
//   - items known to match without reading them (the caller's marks: a field starts with the whole term) are
//     taken as they are;
//   - the leftmost greedy chain of indexOf calls finds the parts; a match exists exactly when the chain succeeds
//     (taking each part's leftmost occurrence leaves the most room for the rest);
//   - the chain's last-part position is kept, so when the term grows while typing, each previous match is
//     re-checked from where its last part was found (usually one startsWith) instead of from the start.
// Items whose text contains a line break go through the equivalent regex, so results stay uFuzzy's exactly.
// `search-literal.test.ts` checks this against uFuzzy's own filter.
import type { PickerColumns } from '../picker/columns';

import { addPairs, charMask, isExactPair, LINE_BREAK_BIT, PAIR_WORDS, searchIndex } from './search-index';

/** A term as uFuzzy's substring mode reads it. */
export interface LiteralTerm {
  term: string;
  parts: string[];
  /** Char bits every matching item has. */
  required: number;
  /** Pair words every matching item has: [word, bits, word, bits, ...], only the non-zero words. */
  requiredPairs: number[];
  /** uFuzzy's pattern for the term; only run on items with line breaks. */
  pattern: RegExp;
  /** One part of one or two letters: the item's char mask and exact letter pairs say whether it matches. */
  indexOnly: boolean;
}

/**
 * The parts of a lower-cased term, or undefined when only uFuzzy can read it: quotes (exact phrases) and
 * apostrophes (contractions) have their own rules there, and a term without letters or digits has no parts.
 */
export function literalTerm(term: string): LiteralTerm | undefined {
  if (/["']/.test(term)) return undefined;
  const parts = term.split(/[^a-z\d]+/).filter(p => p !== '');
  if (parts.length === 0) return undefined;
  let required = 0;
  const pairs = new Int32Array(PAIR_WORDS);
  for (const p of parts) {
    required |= charMask(p);
    addPairs(p, pairs, 0);
  }
  const requiredPairs: number[] = [];
  for (let w = 0; w < PAIR_WORDS; w++) if (pairs[w] !== 0) requiredPairs.push(w, pairs[w]);
  const [first] = parts;
  const letters = /^[a-z]{1,2}$/.test(first);
  const indexOnly = parts.length === 1 && letters && (first.length === 1 || isExactPair(first.charCodeAt(0), first.charCodeAt(1)));
  return { term, parts, required, requiredPairs, pattern: new RegExp(parts.join('.*?'), 'i'), indexOnly };
}

/** Item indices; typed arrays where this module builds them (no growth or boxing at 100,000 matches). */
export type Indices = ArrayLike<number>;

/** Matches of one term: item indices, in candidate order, and where each one's last part was found. */
export interface LiteralMatch {
  literal: LiteralTerm;
  idxs: Uint32Array;
  /** Start of the last part in the greedy chain, or BY_REGEX or UNLOCATED (negative). */
  lastStart: Int32Array;
}

/** lastStart of an item matched by the regex (its text has a line break): no position to narrow from. */
const BY_REGEX = -1;
/** lastStart of an item matched without reading its text (by the index or the caller's marks): located when
 * the term grows. */
const UNLOCATED = -2;
const NOT_FOUND = -3;

/** Whether item i's pair set holds every pair of the term. */
function hasPairs(pairs: Int32Array, i: number, required: number[]): boolean {
  const at = i * PAIR_WORDS;
  for (let r = 0; r < required.length; r += 2) if ((pairs[at + required[r]] & required[r + 1]) !== required[r + 1]) return false;
  return true;
}

/** Whether `text` holds `part` at `at`, given that it holds the first `known` characters of it there. */
function continuesAt(text: string, part: string, at: number, known: number): boolean {
  for (let k = known; k < part.length; k++) if (text.charCodeAt(at + k) !== part.charCodeAt(k)) return false;
  return true;
}

/** Greedy chain of `parts[from..]` starting at `at`; returns the last part's start or NOT_FOUND. */
function chain(text: string, parts: string[], from: number, at: number): number {
  let start = NOT_FOUND;
  for (let k = from; k < parts.length; k++) {
    start = text.indexOf(parts[k], at);
    if (start === -1) return NOT_FOUND;
    at = start + parts[k].length;
  }
  return start;
}

/** Item i against a whole term, from the start of its text: its lastStart, or NOT_FOUND. */
function matchItem(literal: LiteralTerm, text: string, mask: number, pairs: Int32Array, i: number): number {
  if ((mask & literal.required) !== literal.required || !hasPairs(pairs, i, literal.requiredPairs)) return NOT_FOUND;
  if (literal.indexOnly) return UNLOCATED;
  // Only a gap between parts can hold a line break that stops the regex; one part has no gap.
  if ((mask & LINE_BREAK_BIT) !== 0 && literal.parts.length > 1) return literal.pattern.test(text) ? BY_REGEX : NOT_FOUND;
  return chain(text, literal.parts, 0, 0);
}

/** Whether item i matches `literal` (its text, char mask and pair set given): one item, read from the start. */
export function literalMatchesItem(literal: LiteralTerm, text: string, mask: number, pairs: Int32Array, i: number): boolean {
  return matchItem(literal, text, mask, pairs, i) !== NOT_FOUND;
}

/**
 * Items that match without reading their text: `known[i] === 1` (one byte per item), for the caller to fill;
 * undefined when there are none.
 */
export type KnownMatches = Uint8Array | undefined;

/**
 * Where a match writes its results instead of arrays of its own: from `at` on, with room for every candidate. A
 * search done in steps writes each slice's after the last one's, so a million-item search makes no garbage per slice.
 */
export interface MatchOutput {
  idxs: Uint32Array;
  lastStart: Int32Array;
  at: number;
}

/**
 * Matches `literal` among `candidates`, or among every item (those from `from` to `to` - 1 when given: a search done
 * in steps takes every item a slice at a time).
 */
export function matchLiteral(columns: PickerColumns, literal: LiteralTerm, candidates?: Indices, known?: KnownMatches, from = 0, to?: number, into?: MatchOutput): LiteralMatch {
  const { haystack } = columns;
  const { charMasks: masks, pairs } = searchIndex(columns);
  const end = candidates ? candidates.length : (to ?? haystack.length);
  const idxs = into ? into.idxs.subarray(into.at) : new Uint32Array(end - from);
  const starts = into ? into.lastStart.subarray(into.at) : new Int32Array(end - from);
  let found = 0;
  // The first keystrokes, which match nearly everything, read no text: one or two letters are answered by the
  // index, and terms that are the start of a field (a URI scheme) by `known`. Positions are found as they grow.
  for (let c = from; c < end; c++) {
    const i = candidates ? candidates[c] : c;
    const start = known !== undefined && known[i] === 1 ? UNLOCATED : matchItem(literal, haystack[i], masks[i], pairs, i);
    if (start !== NOT_FOUND) {
      idxs[found] = i;
      starts[found++] = start;
    }
  }
  return { literal, idxs: idxs.subarray(0, found), lastStart: starts.subarray(0, found) };
}

/**
 * How `next` continues `previous` when the term grew: the parts before the last are the same, the last part
 * is the same or longer, and maybe new parts follow. Undefined when it does not continue it that way.
 */
function continuation(previous: LiteralTerm, next: LiteralTerm): { extendsLast: boolean } | undefined {
  const before = previous.parts;
  const after = next.parts;
  const last = before.length - 1;
  if (after.length < before.length) return undefined;
  for (let k = 0; k < last; k++) if (before[k] !== after[k]) return undefined;
  if (!after[last].startsWith(before[last])) return undefined;
  return { extendsLast: after[last] !== before[last] };
}

/**
 * Matches `next` among the matches of `previous`, a term it extends, re-checking each item from where
 * `previous`'s last part was found. Falls back to a fresh match over those items when the parts do not
 * line up (see `continuation`).
 */
export function narrowLiteral(columns: PickerColumns, previous: LiteralMatch, next: LiteralTerm, known?: KnownMatches, into?: MatchOutput): LiteralMatch {
  const how = continuation(previous.literal, next);
  if (!how) return matchLiteral(columns, next, previous.idxs, known, 0, undefined, into);
  if (next.parts.length === previous.literal.parts.length && !how.extendsLast) return { ...previous, literal: next };
  const { haystack } = columns;
  const { charMasks: masks, pairs } = searchIndex(columns);
  const { parts, requiredPairs } = next;
  const last = previous.literal.parts.length - 1;
  const lastPart = parts[last];
  const knownLength = previous.literal.parts[last].length;
  const moreParts = parts.length > last + 1;
  const multiPart = parts.length > 1;
  const count = previous.idxs.length;
  const idxs = into ? into.idxs.subarray(into.at) : new Uint32Array(count);
  const starts = into ? into.lastStart.subarray(into.at) : new Int32Array(count);
  let found = 0;
  for (let c = 0; c < count; c++) {
    const i = previous.idxs[c];
    const text = haystack[i];
    const before = previous.lastStart[c];
    let start = before;
    if (known !== undefined && known[i] === 1) {
      start = UNLOCATED;
    } else if (before < 0 || next.indexOnly || (multiPart && (masks[i] & LINE_BREAK_BIT) !== 0)) {
      // Unlocated items, and items with line breaks once the term has several parts, are matched from scratch.
      start = matchItem(next, text, masks[i], pairs, i);
    } else {
      // The longer last part occurs where the shorter one was found, or later: never earlier.
      if (how.extendsLast && !continuesAt(text, lastPart, before, knownLength)) {
        start = hasPairs(pairs, i, requiredPairs) ? text.indexOf(lastPart, before + 1) : -1;
        if (start === -1) continue;
      }
      if (moreParts) start = hasPairs(pairs, i, requiredPairs) ? chain(text, parts, last + 1, start + lastPart.length) : NOT_FOUND;
    }
    if (start !== NOT_FOUND) {
      idxs[found] = i;
      starts[found++] = start;
    }
  }
  return { literal: next, idxs: idxs.subarray(0, found), lastStart: starts.subarray(0, found) };
}
