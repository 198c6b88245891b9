// Candidates for uFuzzy's one-typo matching (SingleError mode), found from the per-item char masks so the
// costly typo regex runs only on items that could match. uFuzzy splits a term into letter and digit runs and
// allows each run of 5+ letters one error (substitution, transposition, deletion or insertion) after its
// first letter; shorter runs and digit runs allow no missing character (swaps and insertions keep every
// character). So an item can only match when it has every character of the term except, per long run, at most
// one character after the run's first. The masks answer that without reading the text.
import type { PickerColumns } from './columns';
import { charMask, searchIndex } from './search-index';
import type { Indices } from './search-literal';

/** uFuzzy's default intraRules allow substitutions and deletions from this run length on. */
const LOSSY_RUN_LENGTH = 5;

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * Items among `candidates` (or all) that may match `term` with one typo per run, or undefined when the
 * term has syntax only uFuzzy reads (quotes, apostrophes) and every candidate must be tried.
 */
export function typoCandidates(columns: PickerColumns, term: string, candidates: Indices | undefined): Indices | undefined {
  if (/["']/.test(term)) return candidates;
  const runs = term.match(/[a-z]+|\d+/g) ?? [];
  let required = 0;
  const lossy: number[] = [];
  for (const run of runs) {
    if (run.length >= LOSSY_RUN_LENGTH && /[a-z]/.test(run[0])) {
      required |= charMask(run[0]);
      lossy.push(charMask(run.slice(1)) & ~charMask(run[0]));
    } else required |= charMask(run);
  }
  const { charMasks } = searchIndex(columns);
  const count = candidates ? candidates.length : charMasks.length;
  const out = new Uint32Array(count);
  let found = 0;
  for (let c = 0; c < count; c++) {
    const i = candidates ? candidates[c] : c;
    const mask = charMasks[i];
    if ((mask & required) !== required) continue;
    let ok = true;
    for (const bits of lossy) if (bitCount(bits & ~mask) > 1) ok = false;
    if (ok) out[found++] = i;
  }
  return out.subarray(0, found);
}
