// Picker search over name, title, URI, description and MIME type, with uFuzzy's matching rules.
// A query is split into terms; every term must match, in any order. A term matches as a substring (uFuzzy's
// default mode: its letter/digit runs in order) and, when it matches nothing that way, with one typo allowed
// (uFuzzy's SingleError mode). Results are ordered by match tier (exact, prefix, substring, typo) and then by
// the active sort (see search-tiers.ts).
//
// Keystroke latency at 100,000 items:
//   - substring terms are matched by search-literal.ts (indexOf and per-item char masks, the same answers as
//     uFuzzy's filter without a regex per item); uFuzzy matches typos (on the items search-typo.ts lets
//     through) and the terms only it can read;
//   - narrowing: when a term only grows (typing), it is matched against the previous term's matches instead of
//     the whole list, from where each one matched. That is safe because a longer term's matches are a subset of
//     its prefix's matches, in substring mode always, and in typo mode once all error kinds are enabled (terms
//     of 5+ characters, see uFuzzy's default intraRules);
//   - the items whose name, title, URI or last URI segment starts with the query are ranges of that field's
//     sorted order (search-prefix.ts); they rank exact or prefix, and a one-term query matches them without
//     their text being read (typing a URI scheme that every item shares costs no text reads);
//   - ranking and the results are typed arrays; the scratch arrays are kept by the session.
import uFuzzy from '@leeoniya/ufuzzy';
import { columnSources, type PickerColumns } from '../picker/columns';
import { extendSearchIndex } from './search-index';
import { literalTerm, matchLiteral, narrowLiteral, type Indices, type KnownMatches, type LiteralMatch, type LiteralTerm, type MatchOutput } from './search-literal';
import { isFieldSorted, markPrefixed, prefixRanges, PREFIX_FIELDS, sortedField, type PrefixRanges } from './search-prefix';
import { mayMatchWithTypo, typoCandidates } from './search-typo';
import { rankInSteps, type SearchResult } from './search-tiers';
import { drain, type Steps } from './steps';


/** Made at the first search that needs them, not while the page starts (22 ms of it in a loaded-machine profile). */
let matchers: { substring: uFuzzy; typo: uFuzzy } | undefined;
const uFuzzyMatchers = () => (matchers ??= { substring: new uFuzzy({}), typo: new uFuzzy({ intraMode: 1 }) });
/** Items indexed per step of `prepare` (~25 ms each). */
const PREPARE_STEP_ITEMS = 20_000;
/** uFuzzy enables every typo kind from this term length on; below it, longer terms are not a subset. */
const typoNarrowingMinLength = 5;

export function searchTerms(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** Terms without letters or digits ("/", "://") give uFuzzy nothing to match; they match literally. */
function hasWordChars(term: string): boolean {
  return /[a-z0-9]/i.test(term);
}

/** How a term matched: its letter/digit runs (substring), with a typo, or literally (punctuation only). */
type TermMode = 'substring' | 'typo' | 'punctuation';

interface TermMatch {
  term: string;
  mode: TermMode;
  /** Items matching this term and every term before it. */
  idxs: Indices;
  /** Where a substring match was found per item, so a longer term can narrow from there. */
  literal?: LiteralMatch;
}

/** uFuzzy's filter types its candidates as number[] but only reads `length` and `[i]`, so typed arrays do. */
function asFilterIdxs(candidates: Indices | undefined): number[] | undefined {
  return candidates as number[] | undefined;
}

function punctuationFilter(haystack: string[], term: string, candidates: Indices | undefined): number[] {
  const out: number[] = [];
  if (candidates) {
    for (let c = 0; c < candidates.length; c++) if (haystack[candidates[c]].includes(term)) out.push(candidates[c]);
  } else {
    for (let i = 0; i < haystack.length; i++) if (haystack[i].includes(term)) out.push(i);
  }
  return out;
}

/** Every item index from `from` to `to` - 1. */
function range(from: number, to: number): Uint32Array {
  const out = new Uint32Array(to - from);
  for (let k = 0; k < out.length; k++) out[k] = from + k;
  return out;
}

function part(candidates: Indices, from: number, to: number): Indices {
  return candidates instanceof Uint32Array ? candidates.subarray(from, to) : Array.prototype.slice.call(candidates, from, to);
}

function concat(parts: readonly Indices[]): Uint32Array {
  const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * `filter` over `candidates` (undefined: every item), a slice per step; its results joined. One slice when
 * everything fits in it: `filter` then gets `candidates` as they are, and its result is returned as it is.
 */
function* filterInSteps(candidates: Indices | undefined, itemCount: number, sliceItems: number, filter: (slice: Indices | undefined) => Indices | undefined): Steps<Indices | undefined> {
  const n = candidates ? candidates.length : itemCount;
  if (n <= sliceItems) return filter(candidates);
  const parts: Indices[] = [];
  for (let from = 0; from < n; from += sliceItems) {
    const slice = candidates ? part(candidates, from, Math.min(n, from + sliceItems)) : range(from, Math.min(n, from + sliceItems));
    parts.push(filter(slice) ?? slice);
    yield;
  }
  return concat(parts);
}

/** A literal term matched over `candidates`, or narrowed from `previous` (a term it extends), a slice per step. */
function* literalInSteps(columns: PickerColumns, literal: LiteralTerm, candidates: Indices | undefined, previous: LiteralMatch | undefined, known: KnownMatches, sliceItems: number): Steps<LiteralMatch> {
  const n = previous ? previous.idxs.length : candidates ? candidates.length : columns.haystack.length;
  if (n <= sliceItems) return previous ? narrowLiteral(columns, previous, literal, known) : matchLiteral(columns, literal, candidates, known);
  // Every slice writes after the last one's matches: one pair of arrays for the whole search.
  const into: MatchOutput = { idxs: new Uint32Array(n), lastStart: new Int32Array(n), at: 0 };
  for (let from = 0; from < n; from += sliceItems) {
    const to = Math.min(n, from + sliceItems);
    const found = previous
      ? narrowLiteral(columns, { literal: previous.literal, idxs: previous.idxs.subarray(from, to), lastStart: previous.lastStart.subarray(from, to) }, literal, known, into)
      : candidates
        ? matchLiteral(columns, literal, part(candidates, from, to), known, 0, undefined, into)
        : matchLiteral(columns, literal, undefined, known, from, to, into);
    // A slice the term did not change comes back as it was, not written: copied in.
    if (found.idxs.buffer !== into.idxs.buffer) {
      into.idxs.set(found.idxs, into.at);
      into.lastStart.set(found.lastStart, into.at);
    }
    into.at += found.idxs.length;
    yield;
  }
  return { literal, idxs: into.idxs.subarray(0, into.at), lastStart: into.lastStart.subarray(0, into.at) };
}

function* matchSubstring(columns: PickerColumns, term: string, candidates: Indices | undefined, previous: TermMatch | undefined, known: KnownMatches, sliceItems: number): Steps<TermMatch> {
  const literal = literalTerm(term);
  if (!literal) {
    const substring = uFuzzyMatchers().substring;
    const idxs = yield* filterInSteps(candidates, columns.haystack.length, sliceItems, slice => substring.filter(columns.haystack, term, asFilterIdxs(slice)) ?? []);
    return { term, mode: 'substring', idxs: idxs ?? [] };
  }
  const found = yield* literalInSteps(columns, literal, candidates, previous?.literal, known, sliceItems);
  return { term, mode: 'substring', idxs: found.idxs, literal: found };
}

/** `known`: items that match `term` without reading their text (a prefix field starts with it), if any. */
function* matchTerm(columns: PickerColumns, term: string, base: Indices | undefined, previous: TermMatch | undefined, known: KnownMatches, sliceItems: number): Steps<TermMatch> {
  const { haystack } = columns;
  const n = haystack.length;
  const grows = previous !== undefined && term.startsWith(previous.term);
  if (!hasWordChars(term)) {
    const narrow = grows && previous.mode === 'punctuation';
    const idxs = yield* filterInSteps(narrow ? previous.idxs : base, n, sliceItems, slice => punctuationFilter(haystack, term, slice));
    return { term, mode: 'punctuation', idxs: idxs ?? [] };
  }
  // A punctuation-only term's matches are no subset of a word term's ("-" then "-a"): start from the base.
  if (!grows || previous.mode !== 'typo') {
    const narrow = grows && previous.mode === 'substring';
    const match = yield* matchSubstring(columns, term, narrow ? previous.idxs : base, narrow ? previous : undefined, known, sliceItems);
    if (match.idxs.length > 0) return match;
  }
  const narrowTypo = grows && previous.mode === 'typo' && previous.term.length >= typoNarrowingMinLength;
  const candidates = yield* filterInSteps(narrowTypo ? previous.idxs : base, n, sliceItems, slice => typoCandidates(columns, term, slice));
  const typo = uFuzzyMatchers().typo;
  const idxs = yield* filterInSteps(candidates, n, sliceItems, slice => typo.filter(haystack, term, asFilterIdxs(slice)) ?? []);
  return { term, mode: 'typo', idxs: idxs ?? [] };
}

/**
 * A search over one set of columns that remembers its last query, so typing narrows instead of rescanning.
 * Create a new session when the columns change.
 */
export class SearchSession {
  private last: TermMatch[] = [];
  /** One byte per item, reused by every keystroke: items known to match, then ranking. */
  private scratch = new Uint8Array(0);
  private preparedAll = false;
  /** The scratch of the search done in steps (`searchSteps`). */
  private stepScratch = new Uint8Array(0);

  constructor(readonly columns: PickerColumns) {}

  /**
   * Builds the search indexes ahead of the first keystroke (~3.5 µs per item at 100,000, kept as the list
   * grows), in steps of ~20-100 ms: with `timeLeft` (an idle deadline's), it stops after the step during which
   * that reaches 0 and returns false while something is left. The picker calls it when the browser is idle
   * after a listing, so the indexes cost the listing nothing and the first search does not pay for them; a
   * search before that builds what it needs itself.
   */
  prepare(timeLeft: () => number = () => Infinity): boolean {
    const n = this.columns.haystack.length;
    let stepped = false;
    const mayStep = () => !stepped || timeLeft() > 0;
    for (let built = extendSearchIndex(this.columns, 0); built < n; stepped = true) {
      if (!mayStep()) return false;
      built = extendSearchIndex(this.columns, built + PREPARE_STEP_ITEMS);
    }
    for (const { columns: source } of columnSources(this.columns)) {
      for (let f = 0; f < PREFIX_FIELDS; f++) {
        if (isFieldSorted(source, f)) continue;
        if (!mayStep()) return false;
        sortedField(source, f);
        stepped = true;
      }
    }
    this.preparedAll = true;
    return true;
  }

  /** Whether `prepare` has built every index: a search no longer builds any (`firstResults` needs them built). */
  get prepared(): boolean {
    return this.preparedAll;
  }

  private scratchBytes(): Uint8Array {
    const n = this.columns.items.length;
    if (this.scratch.length < n) this.scratch = new Uint8Array(n);
    return this.scratch;
  }

  /**
   * Matching indices of `query`, or undefined for an empty query (the caller shows the whole sorted list).
   * `prefix`: the items whose prefix fields start with the (one-term) query, which match it as they are.
   */
  match(query: string, prefix?: PrefixRanges): { idxs: Indices; typo: boolean } | undefined {
    return drain(this.matchInSteps(query, prefix, Infinity, this.scratchBytes()));
  }

  /** `match` in steps; the session remembers the query only once the last step is done. */
  private *matchInSteps(query: string, prefix: PrefixRanges | undefined, sliceItems: number, knownBytes: Uint8Array): Steps<{ idxs: Indices; typo: boolean } | undefined> {
    const terms = searchTerms(query);
    if (terms.length === 0) {
      this.last = [];
      return undefined;
    }
    let known: KnownMatches;
    if (terms.length === 1 && prefix !== undefined && prefix.whole === terms[0] && prefix.count > 0) {
      known = knownBytes;
      known.fill(0, 0, this.columns.items.length);
      markPrefixed(prefix, known);
    }
    // As it was when this search began: a search done in steps may see another one finish meanwhile.
    const last = this.last;
    const next: TermMatch[] = [];
    let base: Indices | undefined;
    for (let j = 0; j < terms.length; j++) {
      const prev = last[j];
      const unchangedPrefix = next.length === j && j < last.length && prev.term === terms[j];
      // Reuse a term's result only while every term before it is unchanged too (its base is the same).
      const sameBase = j === 0 || (last[j - 1] !== undefined && next[j - 1] === last[j - 1]);
      const match =
        unchangedPrefix && sameBase ? prev : yield* matchTerm(this.columns, terms[j], base, sameBase ? prev : undefined, known, sliceItems);
      next.push(match);
      base = match.idxs;
      if (base.length === 0) break;
    }
    this.last = next;
    const lastMatch = next[next.length - 1];
    return { idxs: next.length === terms.length ? lastMatch.idxs : [], typo: next.some(m => m.mode === 'typo') };
  }

  /** Matches of `query`, ordered by tier, then by `order` (every item index, in the active sort order). */
  search(query: string, order: ArrayLike<number>): SearchResult | undefined {
    return drain(this.searchInSteps(query, order, Infinity, this.scratchBytes()));
  }

  /**
   * `search` in steps of about `sliceItems` items each, for a caller that runs them between frames so a search over
   * a million items never holds the page for one long task; an abandoned one changes nothing. Prepare the indexes
   * first (`prepare`): building them is not cut into these steps.
   */
  searchSteps(query: string, order: ArrayLike<number>, sliceItems: number): Steps<SearchResult | undefined> {
    // Its own scratch, apart from the searches done at once, which may run between its steps. One stepped search
    // runs at a time: the caller abandons one before it starts the next.
    const n = this.columns.items.length;
    if (this.stepScratch.length < n) this.stepScratch = new Uint8Array(n);
    return this.searchInSteps(query, order, sliceItems, this.stepScratch);
  }

  private *searchInSteps(query: string, order: ArrayLike<number>, sliceItems: number, scratch: Uint8Array): Steps<SearchResult | undefined> {
    const terms = searchTerms(query);
    const whole = terms.join(' ');
    const prefix = terms.length > 0 ? prefixRanges(this.columns, whole) : undefined;
    const matched = yield* this.matchInSteps(query, prefix, sliceItems, scratch);
    if (!matched) return undefined;
    return yield* rankInSteps(this.columns, matched.idxs, { whole, singleTerm: terms.length === 1, typo: matched.typo, prefix }, order, scratch, sliceItems);
  }
}

/** Highlight ranges in one field: [start, end) pairs, sorted and merged. */
export type Ranges = number[];

function mergeRanges(pairs: [number, number][]): Ranges {
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [s, e] of pairs) {
    const last = out.length - 1;
    if (out.length > 0 && s <= out[last]) out[last] = Math.max(out[last], e);
    else out.push(s, e);
  }
  return out;
}

/**
 * Where the query matched inside one field's text, for highlighting a visible row. Computed per rendered
 * row, never for all matches, so it costs nothing at 100,000 items.
 */
export function highlightRanges(text: string, query: string): Ranges {
  const terms = searchTerms(query);
  if (terms.length === 0 || !text) return [];
  const lower = text.toLowerCase();
  const pairs: [number, number][] = [];
  for (const term of terms) {
    const at = lower.indexOf(term);
    if (at !== -1) {
      pairs.push([at, at + term.length]);
      continue;
    }
    // Rows show up to three fields each on every keystroke: uFuzzy (a regex built per call) only runs on the
    // fields whose letters allow a typo match.
    if (!hasWordChars(term) || !mayMatchWithTypo(lower, term)) continue;
    const hay = [lower];
    const idxs = uFuzzyMatchers().typo.filter(hay, term);
    if (!idxs || idxs.length === 0) continue;
    const ranges = uFuzzyMatchers().typo.info(idxs, hay, term).ranges[0] ?? [];
    for (let r = 0; r < ranges.length; r += 2) pairs.push([ranges[r], ranges[r + 1]]);
  }
  return mergeRanges(pairs);
}

/** Splits text into [part, matched] pieces by ranges, for rendering with <mark>. */
export function splitByRanges(text: string, ranges: Ranges): [string, boolean][] {
  const parts: [string, boolean][] = [];
  let at = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    if (ranges[r] > at) parts.push([text.slice(at, ranges[r]), false]);
    parts.push([text.slice(ranges[r], ranges[r + 1]), true]);
    at = ranges[r + 1];
  }
  if (at < text.length) parts.push([text.slice(at), false]);
  return parts;
}
