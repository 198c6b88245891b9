// Candidates for uFuzzy's one-typo matching (SingleError mode), found from the per-item char masks so the
// costly typo regex runs only on items that could match. uFuzzy splits a term into letter and digit runs and
// allows each run of 5+ letters one error (substitution, transposition, deletion or insertion) after its
// first letter; shorter runs and digit runs allow no missing character (swaps and insertions keep every
// character). So an item can only match when it has every character of the term except, per long run, at most
// one character after the run's first. The masks answer that without reading the text.
//
// The letter pairs of the index narrow further: one error breaks at most three adjacent pairs of a run (a
// substitution two, a swap three, a deletion two, an insertion one), and the run's other pairs stand next to
// each other in the matching text. So the pairs of a long run that an item lacks must lie within three
// consecutive pair positions; runs matched exactly (digits, one or two letters) need all their pairs.
import type { PickerColumns } from '../picker/columns';
import { addPairs, charMask, PAIR_WORDS, pairBit, searchIndex } from './search-index';
import type { Indices } from './search-literal';

/** uFuzzy's default intraRules allow substitutions and deletions from this run length on. */
const LOSSY_RUN_LENGTH = 5;

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Where pair k of a run sits in an item's pair words: word offset and bit. */
interface RunPairs {
  words: Int32Array;
  bits: Int32Array;
}

function runPairs(run: string): RunPairs {
  const words = new Int32Array(run.length - 1);
  const bits = new Int32Array(run.length - 1);
  for (let k = 0; k + 1 < run.length; k++) {
    const bit = pairBit(run.charCodeAt(k), run.charCodeAt(k + 1));
    words[k] = bit >>> 5;
    bits[k] = 1 << (bit & 31);
  }
  return { words, bits };
}

/** Whether the pairs of `run` that item `at` (its first pair word) lacks fit in `window` consecutive positions. */
function lacksWithin(pairs: Int32Array, at: number, run: RunPairs, window: number): boolean {
  let first = -1;
  for (let k = 0; k < run.words.length; k++) {
    if ((pairs[at + run.words[k]] & run.bits[k]) !== 0) continue;
    if (first === -1) first = k;
    if (k - first >= window) return false;
  }
  return true;
}

/** uFuzzy allows no error in runs of digits or of one or two letters; a swap or an insertion in 3-4 letters. */
function isExactRun(run: string): boolean {
  return /^\d+$/.test(run) || run.length <= 2;
}

/** What an item's char mask and pairs must show for `term` to match it with one typo per run. */
interface TypoFilter {
  required: number;
  /** Per long run, the bits of its letters after the first: at most one may be missing. */
  lossy: number[];
  /** Runs whose pairs are checked, and how many consecutive pair positions may be missing (0: none). */
  paired: RunPairs[];
  windows: number[];
}

/** The filter of `term`, or undefined when it has syntax only uFuzzy reads (quotes, apostrophes). */
function typoFilter(term: string): TypoFilter | undefined {
  if (/["']/.test(term)) return undefined;
  const filter: TypoFilter = { required: 0, lossy: [], paired: [], windows: [] };
  for (const run of term.match(/[a-z]+|\d+/g) ?? []) {
    if (run.length >= LOSSY_RUN_LENGTH && /[a-z]/.test(run[0])) {
      filter.required |= charMask(run[0]);
      filter.lossy.push(charMask(run.slice(1)) & ~charMask(run[0]));
      filter.paired.push(runPairs(run));
      filter.windows.push(3);
    } else {
      filter.required |= charMask(run);
      if (isExactRun(run) && run.length > 1) {
        filter.paired.push(runPairs(run));
        filter.windows.push(0);
      }
    }
  }
  return filter;
}

/** Whether an item with this char mask and pairs (at `at` in `pairs`) passes `filter`. */
function passes(filter: TypoFilter, mask: number, pairs: Int32Array, at: number): boolean {
  if ((mask & filter.required) !== filter.required) return false;
  for (const bits of filter.lossy) if (bitCount(bits & ~mask) > 1) return false;
  for (let r = 0; r < filter.paired.length; r++) if (!lacksWithin(pairs, at, filter.paired[r], filter.windows[r])) return false;
  return true;
}

/**
 * Items among `candidates` (or all) that may match `term` with one typo per run, or undefined when the
 * term has syntax only uFuzzy reads (quotes, apostrophes) and every candidate must be tried.
 */
export function typoCandidates(columns: PickerColumns, term: string, candidates: Indices | undefined): Indices | undefined {
  const filter = typoFilter(term);
  if (!filter) return candidates;
  const { charMasks, pairs } = searchIndex(columns);
  const count = candidates ? candidates.length : charMasks.length;
  const out = new Uint32Array(count);
  let found = 0;
  for (let c = 0; c < count; c++) {
    const i = candidates ? candidates[c] : c;
    if (passes(filter, charMasks[i], pairs, i * PAIR_WORDS)) out[found++] = i;
  }
  return out.subarray(0, found);
}

/** Whether `text` (lower-cased) may match `term` with one typo per run; false means uFuzzy would not match. */
export function mayMatchWithTypo(text: string, term: string): boolean {
  const filter = typoFilter(term);
  if (!filter) return true;
  const pairs = new Int32Array(PAIR_WORDS);
  addPairs(text, pairs, 0);
  return passes(filter, charMask(text), pairs, 0);
}
