// Picker search over name, title, URI, description and MIME type, with uFuzzy doing the matching.
// A query is split into terms; every term must match, in any order. A term matches as a substring (uFuzzy's
// default mode) and, when it matches nothing that way, with one typo allowed (uFuzzy's SingleError mode).
// Results are ordered by match tier (exact, prefix, substring, typo) and then by the active sort.
//
// Keystroke latency at 100,000 items comes from narrowing: when a term only grows (typing), it is matched
// against the previous term's matches instead of the whole list. That is safe because a longer term's matches
// are a subset of its prefix's matches, in substring mode always, and in typo mode once all error kinds
// are enabled (terms of 5+ characters, see uFuzzy's default intraRules).
import uFuzzy from '@leeoniya/ufuzzy';
import type { PickerColumns } from './columns';

export const TIER_EXACT = 0;
export const TIER_PREFIX = 1;
export const TIER_SUBSTRING = 2;
export const TIER_TYPO = 3;

const substring = new uFuzzy({});
const typo = new uFuzzy({ intraMode: 1 });
/** uFuzzy enables every typo kind from this term length on; below it, longer terms are not a subset. */
const typoNarrowingMinLength = 5;

export function searchTerms(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** Terms without letters or digits ("/", "://") give uFuzzy nothing to match; they match literally. */
function hasWordChars(term: string): boolean {
  return /[a-z0-9]/i.test(term);
}

type TermMode = 'substring' | 'typo';

interface TermMatch {
  term: string;
  mode: TermMode;
  /** Items matching this term and every term before it. */
  idxs: number[];
}

function literalFilter(haystack: string[], term: string, candidates: number[] | undefined): number[] {
  const out: number[] = [];
  if (candidates) {
    for (const i of candidates) if (haystack[i].includes(term)) out.push(i);
  } else {
    for (let i = 0; i < haystack.length; i++) if (haystack[i].includes(term)) out.push(i);
  }
  return out;
}

function matchTerm(columns: PickerColumns, term: string, base: number[] | undefined, previous?: TermMatch): TermMatch {
  const { haystack } = columns;
  const grows = previous !== undefined && term.startsWith(previous.term);
  if (!hasWordChars(term)) {
    return { term, mode: 'substring', idxs: literalFilter(haystack, term, grows ? previous.idxs : base) };
  }
  if (!grows || previous.mode === 'substring') {
    const idxs = substring.filter(haystack, term, grows ? previous.idxs : base) ?? [];
    if (idxs.length > 0) return { term, mode: 'substring', idxs };
  }
  const narrowTypo = grows && previous.mode === 'typo' && previous.term.length >= typoNarrowingMinLength;
  return { term, mode: 'typo', idxs: typo.filter(haystack, term, narrowTypo ? previous.idxs : base) ?? [] };
}

/** Tier of one match. Most matches fail the first-character test, which keeps this cheap at 100k matches. */
function tierOf(columns: PickerColumns, i: number, whole: string, first: string, mode: TermMode, singleTerm: boolean): number {
  if (mode === 'typo') return TIER_TYPO;
  const name = columns.nameLower[i];
  const title = columns.titleLower[i];
  const leaf = columns.uriLeafLower[i];
  const uri = columns.uriLower[i];
  if (name[0] === first || title[0] === first || leaf[0] === first || uri[0] === first) {
    if (name === whole || title === whole || leaf === whole || uri === whole) return TIER_EXACT;
    if (name.startsWith(whole) || title.startsWith(whole) || leaf.startsWith(whole) || uri.startsWith(whole))
      return TIER_PREFIX;
  }
  // A single term matched in substring mode is a substring by definition; several terms may be scattered.
  if (singleTerm || columns.haystack[i].includes(whole)) return TIER_SUBSTRING;
  return TIER_TYPO;
}

export interface SearchResult {
  /** Matching item indices: best tier first, then in the order of `order` (the active sort). */
  idxs: number[];
  /** How many matches fell in each tier (exact, prefix, substring, typo). */
  tierCounts: [number, number, number, number];
}

/**
 * A search over one set of columns that remembers its last query, so typing narrows instead of rescanning.
 * Create a new session when the columns change.
 */
export class SearchSession {
  private last: TermMatch[] = [];

  constructor(readonly columns: PickerColumns) {}

  /** Matching indices of `query`, or undefined for an empty query (the caller shows the whole sorted list). */
  match(query: string): { idxs: number[]; mode: TermMode } | undefined {
    const terms = searchTerms(query);
    if (terms.length === 0) {
      this.last = [];
      return undefined;
    }
    const next: TermMatch[] = [];
    let base: number[] | undefined;
    for (let j = 0; j < terms.length; j++) {
      const prev = this.last[j];
      const unchangedPrefix = next.length === j && j < this.last.length && prev.term === terms[j];
      // Reuse a term's result only while every term before it is unchanged too (its base is the same).
      const sameBase = j === 0 || (this.last[j - 1] !== undefined && next[j - 1] === this.last[j - 1]);
      const match = unchangedPrefix && sameBase ? prev : matchTerm(this.columns, terms[j], base, sameBase ? prev : undefined);
      next.push(match);
      base = match.idxs;
      if (base.length === 0) break;
    }
    this.last = next;
    const lastMatch = next[next.length - 1];
    const mode: TermMode = next.some(m => m.mode === 'typo') ? 'typo' : 'substring';
    return { idxs: next.length === terms.length ? lastMatch.idxs : [], mode };
  }

  /** Matches of `query`, ordered by tier, then by `order` (item indices in the active sort order). */
  search(query: string, order: ArrayLike<number>): SearchResult | undefined {
    const matched = this.match(query);
    if (!matched) return undefined;
    const terms = searchTerms(query);
    const whole = terms.join(' ');
    const n = this.columns.items.length;
    const singleTerm = terms.length === 1;
    // tierPlusOne[i] = 0 for non-matches, so one pass over the sort order yields tiers already sorted.
    const tierPlusOne = new Uint8Array(n);
    const tierCounts: [number, number, number, number] = [0, 0, 0, 0];
    for (const i of matched.idxs) {
      const tier = tierOf(this.columns, i, whole, whole[0], matched.mode, singleTerm);
      tierPlusOne[i] = tier + 1;
      tierCounts[tier]++;
    }
    const next = [0, tierCounts[0], tierCounts[0] + tierCounts[1], tierCounts[0] + tierCounts[1] + tierCounts[2]];
    const idxs = new Array<number>(matched.idxs.length);
    for (let k = 0; k < order.length; k++) {
      const t = tierPlusOne[order[k]];
      if (t !== 0) idxs[next[t - 1]++] = order[k];
    }
    return { idxs, tierCounts };
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
    if (!hasWordChars(term)) continue;
    const hay = [lower];
    const idxs = typo.filter(hay, term);
    if (!idxs || idxs.length === 0) continue;
    const ranges = typo.info(idxs, hay, term).ranges[0] ?? [];
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
