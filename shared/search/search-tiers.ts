// Ordering of search matches: by tier (exact, prefix, substring, typo), and within a tier by the active sort.
// Done as linear passes over typed arrays, never a comparison sort: one pass marks each match's tier, the
// prefix ranges (search-prefix.ts) promote the matches whose name, title, URI or last URI segment starts with
// or equals the query, and one pass over the sort order places the matches, tier by tier. When every match
// has the same tier (one term and no prefix match, or a typo query), the order is just the sort order
// filtered; when every item matches, it is the sort order itself.
import type { PickerColumns } from '../picker/columns';
import type { PrefixRanges } from './search-prefix';
import type { Steps } from './steps';

const TIER_EXACT = 0;
const TIER_PREFIX = 1;
const TIER_SUBSTRING = 2;
const TIER_TYPO = 3;

export interface SearchResult {
  /** Matching item indices: best tier first, then in the order of `order` (the active sort). */
  idxs: Uint32Array;
  /** How many matches fell in each tier (exact, prefix, substring, typo). */
  tierCounts: [number, number, number, number];
}

export interface RankQuery {
  /** The query's terms, lower-cased and space-joined. */
  whole: string;
  singleTerm: boolean;
  typo: boolean;
  /** Items whose prefix fields start with `whole`; only read when the query matched without a typo. */
  prefix: PrefixRanges | undefined;
}

/** Runs `loop` over 0..n-1 in slices of `sliceItems`, a step each (one call when they all fit). */
function* inSlices(n: number, sliceItems: number, loop: (from: number, to: number) => void): Steps<void> {
  for (let from = 0; from < n; from += sliceItems) {
    loop(from, Math.min(n, from + sliceItems));
    if (from + sliceItems < n) yield;
  }
}

/** `matched` (all with one tier) in the order of `order`; `marks` is scratch space, one byte per item. */
function* inOrder(matched: ArrayLike<number>, order: ArrayLike<number>, marks: Uint8Array, itemCount: number, sliceItems: number): Steps<Uint32Array> {
  const out = new Uint32Array(matched.length);
  // Indices are distinct, so as many matches as items is every item.
  if (matched.length === itemCount && order.length === itemCount) {
    out.set(order);
    return out;
  }
  marks.fill(0, 0, order.length);
  yield* inSlices(matched.length, sliceItems, (from, to) => mark(matched, marks, from, to));
  let placed = 0;
  yield* inSlices(order.length, sliceItems, (from, to) => (placed = copyMarked(order, marks, out, placed, from, to)));
  return out;
}

// The loops below take everything as arguments: in a closure over a generator's variables V8 reads them from the
// context on every turn, which made the search done at once 10-20% slower.
function mark(matched: ArrayLike<number>, marks: Uint8Array, from: number, to: number): void {
  for (let k = from; k < to; k++) marks[matched[k]] = 1;
}

/** Copies the marked items of order[from..to-1] to `out` from `at`; returns where the next goes. */
function copyMarked(order: ArrayLike<number>, marks: Uint8Array, out: Uint32Array, at: number, from: number, to: number): number {
  for (let k = from; k < to && at < out.length; k++) if (marks[order[k]] === 1) out[at++] = order[k];
  return at;
}

/** Sets each match's tier plus one: `sameTier`, or (-1) substring when its line holds `whole`, else typo. */
function markTiers(matched: ArrayLike<number>, tierPlusOne: Uint8Array, haystack: string[], whole: string, sameTier: number, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const i = matched[k];
    const tier = sameTier !== -1 ? sameTier : haystack[i].includes(whole) ? TIER_SUBSTRING : TIER_TYPO;
    tierPlusOne[i] = tier + 1;
  }
}

/** Places the matches of order[from..to-1] at their tier's next position (`next`, advanced). */
function placeByTier(order: ArrayLike<number>, tierPlusOne: Uint8Array, idxs: Uint32Array, next: number[], from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const t = tierPlusOne[order[k]];
    if (t !== 0) idxs[next[t - 1]++] = order[k];
  }
}

/**
 * Whether every item matched and starts a field with the query, none equal to it (a URI scheme every item
 * shares): then all are prefix matches, in sort order, without marking them one by one.
 */
function everyItemPrefixed(prefix: PrefixRanges, matchedCount: number, itemCount: number): boolean {
  if (matchedCount !== itemCount) return false;
  const perField = [0, 0, 0, 0];
  for (const range of prefix.ranges) {
    if (range.exactEnd > range.lo) return false;
    perField[range.field] += range.hi - range.lo;
  }
  return perField.includes(itemCount);
}

/** Lowers the tier of matched items (tierPlusOne !== 0) in one prefix range to `tier`. */
function promote(order: Uint32Array, offset: number, from: number, to: number, tierPlusOne: Uint8Array, tier: number): void {
  for (let k = from; k < to; k++) {
    const i = offset + order[k];
    if (tierPlusOne[i] > tier + 1) tierPlusOne[i] = tier + 1;
  }
}

/**
 * Orders `matched` by tier, then by `order`. A query matched with a typo puts everything in the typo tier.
 * Otherwise a single term is a substring match at least; several terms are one only when the space-joined
 * query occurs as is, else they are scattered and rank with the typo matches. `scratch` holds one byte per
 * item and is overwritten. In steps of about `sliceItems` items each (Infinity: at once; see steps.ts).
 */
export function* rankInSteps(
  columns: PickerColumns,
  matched: ArrayLike<number>,
  query: RankQuery,
  order: ArrayLike<number>,
  scratch: Uint8Array,
  sliceItems: number
): Steps<SearchResult> {
  const tierCounts: [number, number, number, number] = [0, 0, 0, 0];
  const prefix = query.typo ? undefined : query.prefix;
  const sameTier = query.typo ? TIER_TYPO : query.singleTerm ? TIER_SUBSTRING : -1;
  if (sameTier !== -1 && (prefix === undefined || prefix.count === 0)) {
    tierCounts[sameTier] = matched.length;
    return { idxs: yield* inOrder(matched, order, scratch, columns.items.length, sliceItems), tierCounts };
  }
  if (sameTier !== -1 && prefix !== undefined && everyItemPrefixed(prefix, matched.length, columns.items.length)) {
    tierCounts[TIER_PREFIX] = matched.length;
    return { idxs: yield* inOrder(matched, order, scratch, columns.items.length, sliceItems), tierCounts };
  }
  // tierPlusOne[i] = 0 for non-matches, so one pass over the sort order yields tiers already sorted.
  const tierPlusOne = scratch;
  tierPlusOne.fill(0, 0, order.length);
  const { haystack } = columns;
  yield* inSlices(matched.length, sliceItems, (from, to) => markTiers(matched, tierPlusOne, haystack, query.whole, sameTier, from, to));
  for (const { order, offset, lo, exactEnd, hi } of prefix?.ranges ?? []) {
    promote(order, offset, lo, exactEnd, tierPlusOne, TIER_EXACT);
    promote(order, offset, exactEnd, hi, tierPlusOne, TIER_PREFIX);
  }
  if (sliceItems !== Infinity) yield;
  for (let k = 0; k < matched.length; k++) tierCounts[tierPlusOne[matched[k]] - 1]++;
  const next = [0, tierCounts[0], tierCounts[0] + tierCounts[1], tierCounts[0] + tierCounts[1] + tierCounts[2]];
  const idxs = new Uint32Array(matched.length);
  yield* inSlices(order.length, sliceItems, (from, to) => placeByTier(order, tierPlusOne, idxs, next, from, to));
  return { idxs, tierCounts };
}
