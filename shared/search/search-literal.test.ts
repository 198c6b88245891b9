import uFuzzy from '@leeoniya/ufuzzy';
import { describe, expect, it } from 'vitest';
import { buildColumns, extendColumns } from '../picker/columns';
import { searchIndex } from './search-index';
import { literalTerm, matchLiteral, narrowLiteral, type LiteralMatch } from './search-literal';
import { typoCandidates } from './search-typo';
import { rng } from '../../test-support/picker/random';
import { item } from '../../test-support/picker/items';

// Few distinct characters, so terms of several parts match often and the chain has choices to make; line
// breaks of every kind, punctuation, digits and a non-Latin letter to cover uFuzzy's splitting rules.
const ALPHABET = 'abcab12/-. _\né\r\u2028';

function randomText(next: () => number, length: number): string {
  let s = '';
  for (let k = 0; k < length; k++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return s;
}

function randomItems(seed: number, count: number) {
  const next = rng(seed);
  return Array.from({ length: count }, (_, i) =>
    item(`ref://r/${i}`, { name: randomText(next, 8), description: randomText(next, 30) })
  );
}

const TERM_ALPHABET = 'abc12/-.é';
const fuzzy = new uFuzzy({});

describe('matchLiteral', () => {
  it("finds exactly the items uFuzzy's substring filter finds", () => {
    const columns = buildColumns(randomItems(1, 400));
    const next = rng(2);
    let compared = 0;
    for (let t = 0; t < 300; t++) {
      const term = randomText(() => next(), 1 + Math.floor(next() * 6))
        .split('')
        .map(c => (TERM_ALPHABET.includes(c) ? c : 'a'))
        .join('');
      const literal = literalTerm(term);
      if (!literal) continue;
      const ours = Array.from(matchLiteral(columns, literal).idxs);
      expect(ours, `term "${term}"`).toEqual(fuzzy.filter(columns.haystack, term) ?? []);
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('respects line breaks between parts like the regex does', () => {
    const columns = buildColumns([
      item('ref://1', { name: 'x', description: 'alpha\nbeta' }),
      item('ref://2', { name: 'x', description: 'alpha beta\nalpha' }),
      item('ref://3', { name: 'x', description: 'beta alpha\u2028beta' })
    ]);
    expect(Array.from(matchLiteral(columns, literalTerm('alpha-beta')!).idxs)).toEqual([1]);
    expect(Array.from(matchLiteral(columns, literalTerm('alpha')!).idxs)).toEqual([0, 1, 2]);
  });

  it('leaves quoted and apostrophe terms to uFuzzy', () => {
    expect(literalTerm('"exact phrase"')).toBeUndefined();
    expect(literalTerm("don't")).toBeUndefined();
    expect(literalTerm('//')).toBeUndefined();
    expect(literalTerm('text/x-typescript')?.parts).toEqual(['text', 'x', 'typescript']);
  });
});

describe('narrowLiteral', () => {
  it('gives the same matches as a fresh match for every keystroke of a typed term', () => {
    const columns = buildColumns(randomItems(3, 400));
    const next = rng(4);
    for (let t = 0; t < 60; t++) {
      const phrase = Array.from({ length: 7 }, () => TERM_ALPHABET[Math.floor(next() * TERM_ALPHABET.length)]).join('');
      let previous: LiteralMatch | undefined;
      for (let n = 1; n <= phrase.length; n++) {
        const literal = literalTerm(phrase.slice(0, n));
        if (!literal) {
          previous = undefined;
          continue;
        }
        const narrowed: LiteralMatch = previous ? narrowLiteral(columns, previous, literal) : matchLiteral(columns, literal);
        const fresh = matchLiteral(columns, literal);
        expect(Array.from(narrowed.idxs), `"${phrase.slice(0, n)}"`).toEqual(Array.from(fresh.idxs));
        expect(Array.from(narrowed.lastStart)).toEqual(Array.from(fresh.lastStart));
        previous = narrowed;
      }
    }
  });
});

describe('searchIndex', () => {
  it('grows with a list streaming in and equals an index built at once', () => {
    const all = randomItems(5, 300);
    let columns = extendColumns(undefined, all.slice(0, 100));
    searchIndex(columns);
    columns = extendColumns(columns, all.slice(0, 220));
    searchIndex(columns);
    columns = extendColumns(columns, all);
    const grown = searchIndex(columns);
    const fresh = searchIndex(buildColumns(all));
    expect(grown.charMasks.length).toBe(300);
    expect(Array.from(grown.charMasks)).toEqual(Array.from(fresh.charMasks));
    expect(Array.from(grown.pairs)).toEqual(Array.from(fresh.pairs));
  });
});

describe('typoCandidates', () => {
  it("keeps every item uFuzzy's typo filter matches", () => {
    const typo = new uFuzzy({ intraMode: 1 });
    const words = ['quarterly', 'runbook', 'glacier', 'invoice', 'abc', 'report', 'readme', 'x-typescript'];
    const next = rng(6);
    const list = Array.from({ length: 300 }, (_, i) =>
      item(`ref://t/${i}`, { name: `${words[i % words.length]}-${i}`, description: randomText(next, 20) })
    );
    const columns = buildColumns(list);
    let matchedSome = 0;
    for (const term of ['quarterlz', 'glaciex', 'quartelry', 'runbok', 'glacer', 'invocie', 'abd', 'repotr', 'raedme', 'x-typscript', 'zzzzzz', 'ab12']) {
      const all = typo.filter(columns.haystack, term) ?? [];
      const kept = new Set(Array.from(typoCandidates(columns, term, undefined) ?? []));
      for (const i of all) expect(kept.has(i), `term "${term}", item ${i}`).toBe(true);
      if (all.length > 0) matchedSome++;
      // The prefilter must also reject something, or it would be useless.
      expect(kept.size).toBeLessThan(list.length);
    }
    expect(matchedSome).toBeGreaterThan(5);
  });
});

describe('searchIndex over several servers', () => {
  it('indexes the combined columns when a server\'s own columns cover fewer items than the combination holds', async () => {
    const { concatColumns } = await import('../picker/columns');
    const a = buildColumns([item('ref://samples/readme.txt')]);
    const full = buildColumns([item('fleet://x/0'), item('fleet://x/1')]);
    // A server whose columns claim two items but whose haystack holds one (a list restarted under it).
    const short = { ...full, haystack: full.haystack.slice(0, 1) };
    const combined = concatColumns([a, short]);
    expect(() => searchIndex(combined)).not.toThrow();
    expect(Array.from(matchLiteral(combined, literalTerm('readme')!).idxs)).toEqual([0]);
  });
  it('indexes columns that end with a server whose list is empty (a server that lists nothing)', async () => {
    const { concatColumns } = await import('../picker/columns');
    const combined = concatColumns([buildColumns([item('ref://samples/readme.txt')]), buildColumns([])]);
    expect(Array.from(matchLiteral(combined, literalTerm('readme')!).idxs)).toEqual([0]);
  });
});
