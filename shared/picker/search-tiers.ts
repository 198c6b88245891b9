// Ordering of search matches: by tier (exact, prefix, substring, typo), and within a tier by the active sort.
// Done as linear passes, never a comparison sort: one pass marks each match's tier, one pass over the sort
// order places the matches, tier by tier. Only items whose name, title, URI or last URI segment starts with
// the query can be exact or prefix matches; that set is kept, so a longer query filters it instead of
// re-reading every match's fields.
import type { PickerColumns } from './columns';
import { PREFIX_FIELDS, prefixFields, searchIndex, type SearchIndex } from './search-index';

export const TIER_EXACT = 0;
export const TIER_PREFIX = 1;
export const TIER_SUBSTRING = 2;
export const TIER_TYPO = 3;

export interface SearchResult {
  /** Matching item indices: best tier first, then in the order of `order` (the active sort). */
  idxs: number[];
  /** How many matches fell in each tier (exact, prefix, substring, typo). */
  tierCounts: [number, number, number, number];
}

/** Items where name, title, URI or its last segment starts with `whole` (the query's terms, space-joined). */
export interface PrefixSet {
  whole: string;
  idxs: Uint32Array;
  /** Per entry of `idxs`, the field that starts with `whole`: checked first when the query grows. */
  field: Uint8Array;
  /** Per entry of `idxs`, 1 when a field equals `whole`. */
  exact: Uint8Array;
}

type Fields = readonly (readonly string[])[];

/** Whether `text` starts with `whole`, given that it starts with its first `known` characters. */
function startsWithFrom(text: string, whole: string, known: number): boolean {
  if (text.length < whole.length) return false;
  for (let k = known; k < whole.length; k++) if (text.charCodeAt(k) !== whole.charCodeAt(k)) return false;
  return true;
}

/** Whether a field of item i equals `whole`; the index's codes and lengths settle nearly every item. */
function equalsAny(fields: Fields, index: SearchIndex, i: number, whole: string, first: number): boolean {
  const { firstCodes, fieldLengths } = index;
  // Lengths are capped in the index; a longer query is compared as text.
  const length = Math.min(whole.length, 0xffff);
  for (let f = 0, at = i * PREFIX_FIELDS; f < PREFIX_FIELDS; f++, at++) {
    if (firstCodes[at] === first && fieldLengths[at] === length && fields[f][i] === whole) return true;
  }
  return false;
}

/** The first field of item i that starts with `whole`, by the index's first codes; -1 when none does. */
function firstPrefixField(fields: Fields, firstCodes: Uint16Array, i: number, whole: string, first: number): number {
  for (let f = 0, at = i * PREFIX_FIELDS; f < PREFIX_FIELDS; f++, at++) {
    if (firstCodes[at] === first && startsWithFrom(fields[f][i], whole, 1)) return f;
  }
  return -1;
}

/** The prefix set of `whole`, filtered from `previous` when `whole` extends its query. */
export function prefixSet(columns: PickerColumns, whole: string, previous?: PrefixSet): PrefixSet {
  const fields = prefixFields(columns);
  const index = searchIndex(columns);
  const first = whole.charCodeAt(0);
  const extending = previous !== undefined && whole.startsWith(previous.whole);
  const count = extending ? previous.idxs.length : columns.items.length;
  const idxs = new Uint32Array(count);
  const field = new Uint8Array(count);
  const exact = new Uint8Array(count);
  let found = 0;
  if (extending) {
    const known = previous.whole.length;
    for (let k = 0; k < count; k++) {
      const i = previous.idxs[k];
      // The field that started with the shorter query usually still does: only its new characters are read.
      const hint = previous.field[k];
      const f = startsWithFrom(fields[hint][i], whole, known) ? hint : firstPrefixField(fields, index.firstCodes, i, whole, first);
      if (f === -1) continue;
      idxs[found] = i;
      field[found] = f;
      exact[found++] = equalsAny(fields, index, i, whole, first) ? 1 : 0;
    }
  } else {
    for (let i = 0; i < count; i++) {
      const f = firstPrefixField(fields, index.firstCodes, i, whole, first);
      if (f === -1) continue;
      idxs[found] = i;
      field[found] = f;
      exact[found++] = equalsAny(fields, index, i, whole, first) ? 1 : 0;
    }
  }
  return { whole, idxs: idxs.subarray(0, found), field: field.subarray(0, found), exact: exact.subarray(0, found) };
}

/**
 * Orders `matched` by tier, then by `order`. A query matched with a typo puts everything in the typo tier.
 * Otherwise a single term is a substring match at least; several terms are one only when the space-joined
 * query occurs as is, else they are scattered and rank with the typo matches.
 */
export function rankMatches(
  columns: PickerColumns,
  matched: ArrayLike<number>,
  query: { whole: string; singleTerm: boolean; typo: boolean; prefix: PrefixSet | undefined },
  order: ArrayLike<number>
): SearchResult {
  // tierPlusOne[i] = 0 for non-matches, so one pass over the sort order yields tiers already sorted.
  const tierPlusOne = new Uint8Array(columns.items.length);
  const tierCounts: [number, number, number, number] = [0, 0, 0, 0];
  const { haystack } = columns;
  for (let k = 0; k < matched.length; k++) {
    const i = matched[k];
    const tier = query.typo || !(query.singleTerm || haystack[i].includes(query.whole)) ? TIER_TYPO : TIER_SUBSTRING;
    tierPlusOne[i] = tier + 1;
    tierCounts[tier]++;
  }
  if (!query.typo && query.prefix) {
    const { idxs, exact } = query.prefix;
    for (let k = 0; k < idxs.length; k++) {
      const i = idxs[k];
      if (tierPlusOne[i] === 0) continue;
      const tier = exact[k] === 1 ? TIER_EXACT : TIER_PREFIX;
      tierCounts[tierPlusOne[i] - 1]--;
      tierPlusOne[i] = tier + 1;
      tierCounts[tier]++;
    }
  }
  const next = [0, tierCounts[0], tierCounts[0] + tierCounts[1], tierCounts[0] + tierCounts[1] + tierCounts[2]];
  const idxs = new Array<number>(matched.length);
  for (let k = 0; k < order.length; k++) {
    const t = tierPlusOne[order[k]];
    if (t !== 0) idxs[next[t - 1]++] = order[k];
  }
  return { idxs, tierCounts };
}
