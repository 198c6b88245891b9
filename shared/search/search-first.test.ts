import { describe, expect, it } from 'vitest';
import { buildColumns, concatColumns, type PickerColumns } from '../picker/columns';
import { annotationTest, applyAnnotationFilter, defaultAnnotationFilter, type AnnotationFilter } from '../picker/filters';
import { buildSortOrder, type SortKey } from '../picker/sort';
import { rng } from '../../test-support/picker/random';
import { letters, PHRASES, randomItems } from '../../test-support/search/random-items';
import { SearchSession, searchTerms } from './search';
import { firstResults } from './search-first';
import { literalTerm } from './search-literal';

const priorityAtLeastHalf: AnnotationFilter = { ...defaultAnnotationFilter, priorityMin: 0.5, keepNoPriority: false };

/** The whole search's result, filtered, as the picker shows it. */
function wholeResult(columns: PickerColumns, session: SearchSession, query: string, order: Uint32Array, filter: AnnotationFilter): number[] {
  const searched = session.search(query, order);
  return Array.from(applyAnnotationFilter(columns, searched ? searched.idxs : order, filter).idxs);
}

function typedQueries(): string[] {
  const next = rng(21);
  const phrases = [...PHRASES, 'r', 'ref', 'kelp', 'design', 'readme', ...Array.from({ length: 15 }, () => letters(next, 5).trim() || 'a')];
  return phrases.flatMap(p => Array.from({ length: p.length }, (_, n) => p.slice(0, n + 1)));
}

function compareFirstScreens(columns: PickerColumns, sort: SortKey, filter: AnnotationFilter, count: number) {
  const { order } = buildSortOrder(columns, sort);
  const session = new SearchSession(columns);
  session.prepare();
  let answered = 0;
  let declined = 0;
  for (const query of typedQueries()) {
    const whole = wholeResult(columns, session, query, order, filter);
    const first = firstResults(columns, query, { order, count, passes: annotationTest(columns, filter), budgetMs: Infinity });
    if (!first) {
      declined++;
      // Declined only for what it leaves to the whole search: a typo query, or terms only uFuzzy reads.
      if (searchTerms(query).every(term => literalTerm(term) !== undefined)) {
        const matched = session.match(query)!;
        expect(matched.typo || matched.idxs.length === 0, `"${query}" declined`).toBe(true);
      }
      continue;
    }
    answered++;
    expect(Array.from(first), `"${query}" (${sort})`).toEqual(whole.slice(0, count));
  }
  return { answered, declined };
}

describe('firstResults', () => {
  it('gives the whole search first rows for every keystroke of typed queries, by each sort', () => {
    const columns = buildColumns(randomItems(31, 1500));
    for (const sort of ['priority', 'name', 'recent'] as const) {
      const { answered, declined } = compareFirstScreens(columns, sort, defaultAnnotationFilter, 25);
      expect(answered).toBeGreaterThan(200);
      expect(declined).toBeGreaterThan(5);
    }
  });

  it('with an annotation filter, a screen larger than some results, and over several servers', () => {
    const items = randomItems(32, 1200);
    const joined = concatColumns([buildColumns(items.slice(0, 500)), buildColumns(items.slice(500, 530)), buildColumns(items.slice(530))]);
    for (const columns of [buildColumns(items), joined]) {
      for (const count of [1, 40, 2000]) expect(compareFirstScreens(columns, 'priority', priorityAtLeastHalf, count).answered).toBeGreaterThan(100);
    }
  });

  it('adds the lead items that match after the first rows, and only those', () => {
    const columns = buildColumns(randomItems(33, 800));
    const { order } = buildSortOrder(columns, 'name');
    const session = new SearchSession(columns);
    session.prepare();
    const whole = wholeResult(columns, session, 'kelp', order, defaultAnnotationFilter);
    const deep = whole.slice(-3);
    const firstShown = whole[0];
    const notMatching = columns.haystack.findIndex(line => !line.includes('kelp'));
    const first = firstResults(columns, 'kelp', { order, count: 10, lead: [...deep, firstShown, notMatching], budgetMs: Infinity })!;
    expect(Array.from(first)).toEqual([...whole.slice(0, 10), ...deep]);
  });

  it('when more items start with the query than are placed by rank, the walk tells them apart', () => {
    const columns = buildColumns(randomItems(35, 12_000));
    const { order } = buildSortOrder(columns, 'priority');
    const session = new SearchSession(columns);
    session.prepare();
    for (const query of ['r', 'ref', 'ref://catalog/1', 'ref://catalog/11', 'f', 'file:///', 'kelp']) {
      const whole = wholeResult(columns, session, query, order, priorityAtLeastHalf);
      for (const count of [30, 500]) {
        const first = firstResults(columns, query, { order, count, passes: annotationTest(columns, priorityAtLeastHalf), budgetMs: Infinity });
        expect(Array.from(first!), `"${query}" (${count})`).toEqual(whole.slice(0, count));
      }
    }
  });

  it('gives up when the walk outlasts its time, and declines typo queries and terms only uFuzzy reads', () => {
    const columns = buildColumns(randomItems(34, 20_000));
    const { order } = buildSortOrder(columns, 'priority');
    new SearchSession(columns).prepare();
    // A term one item holds, in no prefix field, walks every item: with no time left it stops at its first look at
    // the clock.
    const rare = columns.haystack.findLastIndex((line, i) => line.includes(`ref://catalog/${i}`));
    expect(rare).toBeGreaterThan(10_000);
    expect(Array.from(firstResults(columns, `catalog/${rare}`, { order, count: 30, budgetMs: Infinity })!)).toEqual([rare]);
    expect(firstResults(columns, `catalog/${rare}`, { order, count: 30, budgetMs: 0 })).toBeUndefined();
    expect(firstResults(columns, 'zzzq', { order, count: 30, budgetMs: Infinity })).toBeUndefined();
    expect(firstResults(columns, 'fjord desgin', { order, count: 30, budgetMs: Infinity })).toBeUndefined();
    expect(firstResults(columns, '"fjord design"', { order, count: 30, budgetMs: Infinity })).toBeUndefined();
    expect(firstResults(columns, 'fjord design', { order, count: 30, budgetMs: Infinity })).toHaveLength(30);
    expect(firstResults(columns, 'runbok', { order, count: 30, budgetMs: Infinity })).toBeUndefined();
    expect(firstResults(columns, 'runbook', { order, count: 30, budgetMs: Infinity })).toHaveLength(30);
  });
});
