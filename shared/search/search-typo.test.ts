import uFuzzy from '@leeoniya/ufuzzy';
import { describe, expect, it } from 'vitest';
import { buildColumns } from '../picker/columns';
import { mayMatchWithTypo, typoCandidates } from './search-typo';
import { rng } from '../../test-support/picker/random';
import { item } from '../../test-support/picker/items';

const typo = new uFuzzy({ intraMode: 1 });
const ALPHABET = 'abcdefg';

/** `word` with one random edit after its first character: substitution, swap, deletion or insertion. */
function edit(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 1));
  const letter = ALPHABET[Math.floor(next() * ALPHABET.length)];
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + letter + word.slice(at + 1);
    case 1:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
    case 2:
      return word.slice(0, at) + word.slice(at + 1);
    default:
      return word.slice(0, at) + letter + word.slice(at);
  }
}

describe('typoCandidates (letter pairs)', () => {
  it("keeps every item uFuzzy's typo filter matches, for random edits of words the items hold", () => {
    const next = rng(11);
    const word = (length: number) => Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
    const list = Array.from({ length: 400 }, (_, i) => item(`ref://t/${i}`, { name: word(7), description: `${word(9)} ${word(5)}-${i % 13}` }));
    const columns = buildColumns(list);
    let matched = 0;
    let rejected = 0;
    for (let t = 0; t < 300; t++) {
      const source = columns.haystack[Math.floor(next() * list.length)];
      const start = Math.floor(next() * 6);
      const term = edit(source.slice(start, start + 5 + Math.floor(next() * 4)).replace(/[^a-z0-9]+/g, '-'), next);
      const all = typo.filter(columns.haystack, term) ?? [];
      const kept = new Set(Array.from(typoCandidates(columns, term, undefined) ?? []));
      for (const i of all) expect(kept.has(i), `term "${term}", item ${i}`).toBe(true);
      // The same test on one text (as the row highlighting uses it) agrees with the index.
      for (let i = 0; i < list.length; i += 7) expect(mayMatchWithTypo(columns.haystack[i], term), `"${term}" on ${i}`).toBe(kept.has(i));
      matched += all.length;
      rejected += list.length - kept.size;
    }
    expect(matched).toBeGreaterThan(300);
    expect(rejected).toBeGreaterThan(300 * 100);
  });
});
