// The first screen of a search's results, found without matching the whole list. At a million items, a term that
// matches a quarter of them reads a quarter of a million texts (20-70 ms on the build machine), yet the rows on
// screen are the result's first few dozen, which a walk down the sort order finds after reading a few hundred.
// The picker paints these in the keystroke's own frame; the whole result (its count, the scroll extent, what End
// and a Shift range reach) follows a few frames later and does not move them, since they are exactly its first rows.
//
// Only for a query whose result can be told item by item, in sort order: terms that match as substrings
// (search-literal.ts), ranked exact, prefix (search-prefix.ts), substring, or, for several terms not found as one
// phrase, scattered (search-tiers.ts). The exact items, and the prefix items when few, come from the prefix ranges,
// placed by their rank in the sort order; the walk down the sort order finds the rest. It stops once the screen
// is full, except where a lower tier waits on a higher one's last item (scattered matches shown while the phrase
// matches do not fill the screen): then the walk reads every item, and its time budget usually runs out first.
// Left to the whole search: typo matches (a term is one only when no item matches it as a substring) and terms
// only uFuzzy reads (quotes, apostrophes, punctuation alone).
import type { PickerColumns } from '../picker/columns';
import { searchIndex } from './search-index';
import { literalMatchesItem, literalTerm } from './search-literal';
import { prefixRanges, startsPrefixField, type PrefixRanges } from './search-prefix';
import { searchTerms } from './search';

/** Items walked between looks at the clock. */
const CLOCK_STRIDE = 1024;
/** Prefix matches up to this many (counted per field) are placed by rank; more are found by the walk. */
const PLACED_PREFIX_LIMIT = 4096;
/** More exact matches than this (items equal to the query in a field) are left to the whole search: placing them by
 * rank is outside the walk's time budget. */
const EXACT_LIMIT = 4096;

export interface FirstResultsRequest {
  /** Every item index, in the active sort order. */
  order: Uint32Array;
  /** How many rows the screen needs. */
  count: number;
  /** The annotation filters' test (undefined: none active). */
  passes?: (i: number) => boolean;
  /** Items (pins) wanted whatever their place, when they match: added after the first rows if not among them. */
  lead?: Iterable<number>;
  /** How long the walk may take (ms, by the wall clock's whole ms: shared code has no finer clock); past it, it gives up. */
  budgetMs: number;
}

/** Each item's position in `order`, made once per sort order (a few ms at a million items). */
const ranksOf = new WeakMap<Uint32Array, Uint32Array>();
function ranks(order: Uint32Array): Uint32Array {
  let rank = ranksOf.get(order);
  if (!rank) {
    rank = new Uint32Array(order.length);
    for (let k = 0; k < order.length; k++) rank[order[k]] = k;
    ranksOf.set(order, rank);
  }
  return rank;
}

/** Makes what `firstResults` needs of a sort order ahead of a keystroke (the picker does it when idle). */
export function prepareFirstResults(order: Uint32Array): void {
  ranks(order);
}

/** The distinct items of the exact part (or the prefix part) of the prefix ranges, in sort order. */
function rangeItems(ranges: PrefixRanges['ranges'], order: Uint32Array, part: 'exact' | 'prefix'): number[] {
  const items = new Set<number>();
  for (const range of ranges) {
    const [from, to] = part === 'exact' ? [range.lo, range.exactEnd] : [range.exactEnd, range.hi];
    for (let k = from; k < to; k++) items.add(range.offset + range.order[k]);
  }
  if (items.size === 0) return [];
  const rank = ranks(order);
  return [...items].sort((a, b) => rank[a] - rank[b]);
}

/** How many entries the prefix ranges hold, exact and prefix apart (an item in several fields counts in each). */
function rangeSizes(ranges: PrefixRanges['ranges']): { exact: number; prefix: number } {
  let exact = 0;
  let prefix = 0;
  for (const range of ranges) {
    exact += range.exactEnd - range.lo;
    prefix += range.hi - range.exactEnd;
  }
  return { exact, prefix };
}

/**
 * The first `count` item indices of `query`'s result (as `SearchSession.search` and the annotation filters give
 * it), then the `lead` items that match and are not among them; undefined when the query is not one this can
 * answer (see above), when it matches nothing as a substring (a typo query), or when the walk outlasts its budget.
 * Needs the search index and the prefix orders built (`SearchSession.prepare`).
 */
export function firstResults(columns: PickerColumns, query: string, request: FirstResultsRequest): Uint32Array | undefined {
  const terms = searchTerms(query);
  const literals = terms.map(literalTerm);
  if (literals.length === 0 || !literals.every(literal => literal !== undefined)) return undefined;
  const whole = terms.join(' ');
  const { order, count, passes = () => true } = request;
  const deadline = Date.now() + request.budgetMs;
  const { haystack } = columns;
  const { charMasks, pairs } = searchIndex(columns);
  const { ranges } = prefixRanges(columns, whole);
  const sizes = rangeSizes(ranges);
  if (sizes.exact > EXACT_LIMIT) return undefined;
  const exact = rangeItems(ranges, order, 'exact');
  const isExact = new Set(exact);
  // Few prefix matches: placed by rank, then the walk skips them. Many: the walk tells them apart as it goes.
  const placed = sizes.prefix <= PLACED_PREFIX_LIMIT ? rangeItems(ranges, order, 'prefix').filter(i => !isExact.has(i)) : undefined;
  const isPlaced = new Set(placed);
  const matchesAll = (i: number) => literals.every(literal => literalMatchesItem(literal, haystack[i], charMasks[i], pairs, i));
  const matches = (i: number) => isExact.has(i) || isPlaced.has(i) || matchesAll(i);

  const first = exact.filter(passes).slice(0, count);
  // An item starting a field with the query holds every term: none needs a typo then.
  let matchedAny = exact.length > 0 || sizes.prefix > 0;
  for (const i of placed ?? []) if (first.length < count && passes(i)) first.push(i);
  // The walk: prefix items (when not placed) rank before the others, so those wait aside until the prefix ones are
  // known to be all seen, which only the walk's end tells when they were not placed; so do the scattered matches of
  // several terms (the query not found as it is), which rank below all the phrase matches.
  const phrase: number[] = [];
  const scattered: number[] = [];
  const need = () => count - first.length;
  for (let k = 0; k < order.length && (placed ? phrase.length < need() : first.length < count); k++) {
    if (k % CLOCK_STRIDE === CLOCK_STRIDE - 1 && Date.now() >= deadline) return undefined;
    const i = order[k];
    // A prefix match holds every term too: the index rejects most items before any field is read.
    if (isExact.has(i) || isPlaced.has(i) || !matchesAll(i)) continue;
    matchedAny = true;
    if (!passes(i)) continue;
    if (!placed && startsPrefixField(columns, i, whole)) first.push(i);
    else if (terms.length === 1 || haystack[i].includes(whole)) {
      if (phrase.length < count) phrase.push(i);
    } else if (scattered.length < count) scattered.push(i);
  }
  if (!matchedAny) return undefined;
  for (const i of [...phrase, ...scattered]) if (first.length < count) first.push(i);
  const shown = new Set(first);
  for (const i of request.lead ?? []) if (!shown.has(i) && matches(i) && passes(i)) first.push(i);
  return Uint32Array.from(first);
}
