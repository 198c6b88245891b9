// The picker's search, with its indexes, narrowing and shortcuts, against a from-scratch reference that reads
// every item: uFuzzy's own filters per term, tiers by comparing the fields, a comparison sort.
import uFuzzy from '@leeoniya/ufuzzy';
import { describe, expect, it } from 'vitest';
import { buildColumns, concatColumns, extendColumns, type PickerColumns } from '../picker/columns';
import { searchTerms, SearchSession } from './search';
import { prefixFieldTexts, PREFIX_FIELDS } from './search-prefix';
import { buildSortOrder } from '../picker/sort';
import { rng } from '../../test-support/picker/random';
import { letters, PHRASES, randomItems } from '../../test-support/search/random-items';

const substring = new uFuzzy({});
const typo = new uFuzzy({ intraMode: 1 });

function reference(columns: PickerColumns, query: string, order: ArrayLike<number>) {
  const terms = searchTerms(query);
  const { haystack } = columns;
  let matched = haystack.map((_, i) => i);
  let typoUsed = false;
  for (const term of terms) {
    if (!/[a-z0-9]/i.test(term)) {
      matched = matched.filter(i => haystack[i].includes(term));
    } else {
      const exact = substring.filter(haystack, term, matched) ?? [];
      if (exact.length > 0) matched = exact;
      else {
        typoUsed = true;
        matched = typo.filter(haystack, term, matched) ?? [];
      }
    }
    if (matched.length === 0) break;
  }
  const whole = terms.join(' ');
  const fields = Array.from({ length: PREFIX_FIELDS }, (_, f) => prefixFieldTexts(columns, f));
  const tierOf = (i: number) => {
    if (typoUsed) return 3;
    if (fields.some(f => f[i] === whole)) return 0;
    if (fields.some(f => f[i].startsWith(whole))) return 1;
    return terms.length === 1 || haystack[i].includes(whole) ? 2 : 3;
  };
  const position = new Map(Array.from(order, (i, p) => [i, p]));
  const ranked = matched.map(i => ({ i, tier: tierOf(i) })).sort((a, b) => a.tier - b.tier || position.get(a.i)! - position.get(b.i)!);
  const tierCounts = [0, 0, 0, 0];
  for (const r of ranked) tierCounts[r.tier]++;
  return { idxs: ranked.map(r => r.i), tierCounts };
}

describe('SearchSession equals a from-scratch search', () => {
  it('for every keystroke of typed queries, and when deleting back', () => {
    const list = randomItems(7, 1500);
    const columns = buildColumns(list);
    const { order } = buildSortOrder(columns, 'priority');
    const session = new SearchSession(columns);
    session.prepare();
    let compared = 0;
    const next = rng(9);
    const randomPhrases = Array.from({ length: 25 }, () => letters(next, 6).trim() || 'a');
    for (const phrase of [...PHRASES, ...randomPhrases]) {
      const typed = Array.from({ length: phrase.length }, (_, n) => phrase.slice(0, n + 1));
      for (const q of [...typed, ...typed.slice(0, -1).reverse()]) {
        const ours = session.search(q, order)!;
        const expected = reference(columns, q, order);
        expect(Array.from(ours.idxs), `query "${q}"`).toEqual(expected.idxs);
        expect(ours.tierCounts, `query "${q}" tiers`).toEqual(expected.tierCounts);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('before the index is prepared, on a list that grows between keystrokes', () => {
    const list = randomItems(8, 900);
    let columns = extendColumns(undefined, list.slice(0, 300));
    for (const [size, q] of [[300, 'ref://cat'], [600, 'ref://catalog/4'], [900, 'ref://catalog/45']] as const) {
      columns = extendColumns(columns, list.slice(0, size));
      const { order } = buildSortOrder(columns, 'name');
      const ours = new SearchSession(columns).search(q, order)!;
      expect(Array.from(ours.idxs), `query "${q}" at ${size}`).toEqual(reference(columns, q, order).idxs);
    }
  });

  it('when the indexes are prepared in idle steps, between keystrokes', () => {
    const list = randomItems(10, 800);
    const columns = buildColumns(list);
    const { order } = buildSortOrder(columns, 'recent');
    const session = new SearchSession(columns);
    let steps = 0;
    for (const q of ['r', 're', 'ref:/', 'ref://catalog/1', 'ref://catalog/12']) {
      const done = session.prepare(() => 0);
      steps++;
      expect(Array.from(session.search(q, order)!.idxs), `query "${q}"`).toEqual(reference(columns, q, order).idxs);
      if (done) break;
    }
    expect(steps).toBeGreaterThan(1);
    expect(session.prepare(() => 0)).toBe(true);
  });

  it('when every item shares the typed URI prefix (all prefix matches), and when one equals it', () => {
    const shared = randomItems(12, 400).map((it, i) => ({ ...it, uri: `ref://catalog/${i}` }));
    for (const list of [shared, [...shared, { ...shared[0], uri: 'ref://catalog/' }]]) {
      const columns = buildColumns(list);
      const { order } = buildSortOrder(columns, 'priority');
      const session = new SearchSession(columns);
      for (const q of ['r', 're', 'ref://', 'ref://catalog/', 'ref://catalog/3']) {
        const ours = session.search(q, order)!;
        const expected = reference(columns, q, order);
        expect(Array.from(ours.idxs), `query "${q}"`).toEqual(expected.idxs);
        expect(ours.tierCounts, `query "${q}" tiers`).toEqual(expected.tierCounts);
      }
    }
  });

  it('over several servers, with each server indexed on its own and prepared in steps', () => {
    const list = randomItems(13, 900);
    const servers = [buildColumns(list.slice(0, 300)), buildColumns(list.slice(300, 420)), buildColumns(list.slice(420))];
    const columns = concatColumns(servers);
    const { order } = buildSortOrder(columns, 'name');
    const session = new SearchSession(columns);
    while (!session.prepare(() => 0));
    for (const q of ['ref://catalog/1', 'readme', 'glacier invoice', 'runbok', 'file:///k']) {
      expect(Array.from(session.search(q, order)!.idxs), `query "${q}"`).toEqual(reference(columns, q, order).idxs);
    }
  });

  it('in steps of a few items each, with another search finishing between the steps', () => {
    const columns = buildColumns(randomItems(14, 1200));
    const { order } = buildSortOrder(columns, 'priority');
    const stepped = new SearchSession(columns);
    stepped.prepare();
    const next = rng(15);
    let steps = 0;
    for (const phrase of [...PHRASES, ...Array.from({ length: 10 }, () => letters(next, 6).trim() || 'a')]) {
      const typed = Array.from({ length: phrase.length }, (_, n) => phrase.slice(0, n + 1));
      for (const q of [...typed, ...typed.slice(0, -1).reverse()]) {
        const run = stepped.searchSteps(q, order, 1 + Math.floor(next() * 100));
        let step = run.next();
        for (; !step.done; step = run.next()) {
          steps++;
          // A search of another query on the same session between two steps (the picker's fallback view).
          if (next() < 0.05) stepped.search('kelp', order);
        }
        const expected = reference(columns, q, order);
        expect(Array.from(step.value?.idxs ?? order), `query "${q}"`).toEqual(q.trim() ? expected.idxs : Array.from(order));
        if (step.value) expect(step.value.tierCounts, `query "${q}" tiers`).toEqual(expected.tierCounts);
      }
    }
    expect(steps).toBeGreaterThan(5_000);
  });
});
