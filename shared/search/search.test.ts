import { describe, expect, it } from 'vitest';
import { buildColumns, concatColumns } from '../picker/columns';
import { highlightRanges, SearchSession, splitByRanges } from './search';
import { buildSortOrder } from '../picker/sort';
import { item } from '../../test-support/picker/items';

const items = [
  item('file:///docs/guide/readme-extended.md', { name: 'readme-extended.md', title: 'Extended readme' }),
  item('file:///docs/readme', { name: 'readme', title: 'Readme' }),
  item('ref://notes/1', { name: 'notes', description: 'Mentions the readme in passing' }),
  item('ref://budget/2026', { name: 'budget-2026.csv', title: 'Quarterly budget', mimeType: 'text/csv' }),
  item('ref://img/logo', { name: 'logo.png', mimeType: 'image/png' }),
  item('ref://prefix/readmeish', { name: 'readmeish', title: 'Readmeish file' })
];

function searchUris(query: string, list = items): string[] {
  const columns = buildColumns(list);
  const { order } = buildSortOrder(columns, 'name');
  const result = new SearchSession(columns).search(query, order);
  return result ? Array.from(result.idxs, i => list[i].uri) : [];
}

describe('SearchSession', () => {
  it('ranks exact, then prefix, then substring matches', () => {
    // Within a tier the name sort applies: "Extended readme" before "Readmeish file".
    expect(searchUris('readme')).toEqual([
      'file:///docs/readme', // exact name and title
      'file:///docs/guide/readme-extended.md', // prefix of name
      'ref://prefix/readmeish', // prefix of name
      'ref://notes/1' // description only
    ]);
  });

  it('matches across name, title, URI, description and MIME type', () => {
    expect(searchUris('quarterly')).toEqual(['ref://budget/2026']);
    expect(searchUris('image/png')).toEqual(['ref://img/logo']);
    expect(searchUris('passing')).toEqual(['ref://notes/1']);
    expect(searchUris('ref://budget')).toEqual(['ref://budget/2026']);
  });

  it('needs every term, in any order', () => {
    expect(searchUris('budget quarterly')).toEqual(['ref://budget/2026']);
    expect(searchUris('budget logo')).toEqual([]);
  });

  it('tolerates one typo when nothing matches exactly', () => {
    expect(searchUris('quartelry')).toEqual(['ref://budget/2026']);
    expect(searchUris('zzzzzz')).toEqual([]);
  });

  it('matches punctuation-only terms literally', () => {
    expect(searchUris('-')).toEqual(['file:///docs/guide/readme-extended.md', 'ref://budget/2026']);
    expect(searchUris('///')).toEqual(['file:///docs/guide/readme-extended.md', 'file:///docs/readme']);
  });

  it('returns undefined for an empty query so the caller shows the whole list', () => {
    const columns = buildColumns(items);
    expect(new SearchSession(columns).search('   ', buildSortOrder(columns, 'name').order)).toBeUndefined();
  });

  it('gives the same results when narrowing while typing as when searching from scratch', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      item(`ref://gen/${i}`, { name: `${['alpha', 'report', 'readme', 'budget'][i % 4]}-${i}`, description: `item ${i * 7}` })
    );
    const columns = buildColumns(many);
    const { order } = buildSortOrder(columns, 'priority');
    const typing = new SearchSession(columns);
    for (const phrase of ['report 21', 'readme', 'repotr', 'budget 7 1', 'alpha-1', 'ref://gen/12', 're-1 -7']) {
      for (let n = 1; n <= phrase.length; n++) {
        const q = phrase.slice(0, n);
        const fresh = new SearchSession(columns).search(q, order)?.idxs;
        expect(typing.search(q, order)?.idxs, `query "${q}"`).toEqual(fresh);
      }
      // Deleting back to a shorter query must widen again.
      expect(typing.search(phrase.slice(0, 1), order)?.idxs).toEqual(new SearchSession(columns).search(phrase.slice(0, 1), order)?.idxs);
    }
  });

  it('widens again when a punctuation-only term becomes a word term while typing', () => {
    // "-" matches literally, "-a" by its letters: items with an "a" but no "-" match the longer term.
    const list = [item('ref://x', { name: 'a-b' }), item('ref://y', { name: 'alpha' }), item('ref://z', { name: 'zz' })];
    const columns = buildColumns(list);
    const { order } = buildSortOrder(columns, 'name');
    const typing = new SearchSession(columns);
    expect(typing.search('-', order)?.idxs).toEqual(Uint32Array.of(0));
    expect(typing.search('-a', order)?.idxs).toEqual(new SearchSession(columns).search('-a', order)?.idxs);
    expect(typing.search('-a', order)?.idxs).toEqual(Uint32Array.of(0, 1));
  });

  it('finds an exact match in any field while the query grows', () => {
    // While typing "ab", the name "abc" starts with the query first; the title "ab" then equals it.
    const list = [item('ref://1', { name: 'abd', title: 'zz ab' }), item('ref://2', { name: 'abc', title: 'ab' })];
    const columns = buildColumns(list);
    const { order } = buildSortOrder(columns, 'name');
    const typing = new SearchSession(columns);
    typing.search('a', order);
    const result = typing.search('ab', order)!;
    expect(result.idxs).toEqual(Uint32Array.of(1, 0));
    expect(result.tierCounts).toEqual([1, 1, 0, 0]);
  });

  it('matches items whose text has line breaks like uFuzzy does', () => {
    const list = [item('ref://1', { description: 'first line\nsecond' }), item('ref://2', { description: 'first second' })];
    expect(searchUris('first-second', list)).toEqual(['ref://2']);
    expect(searchUris('second', list)).toEqual(['ref://1', 'ref://2']);
  });

  it('keeps the active sort order within a tier', () => {
    const list = [
      item('ref://a', { name: 'zeta notes' }, { priority: 0.1 }),
      item('ref://b', { name: 'alpha notes' }, { priority: 0.9 }),
      item('ref://c', { name: 'mid notes' })
    ];
    const columns = buildColumns(list);
    const byPriority = new SearchSession(columns).search('notes', buildSortOrder(columns, 'priority').order)!;
    expect(Array.from(byPriority.idxs, i => list[i].uri)).toEqual(['ref://b', 'ref://a', 'ref://c']);
    const byName = new SearchSession(columns).search('notes', buildSortOrder(columns, 'name').order)!;
    expect(Array.from(byName.idxs, i => list[i].uri)).toEqual(['ref://b', 'ref://c', 'ref://a']);
  });

  it('prepares several servers’ columns in idle steps that end, and a new session over the same servers needs no step', () => {
    const servers = [0, 1, 2].map(k => buildColumns(Array.from({ length: 50 }, (_, i) => item(`ref://s${k}/${i}`, { name: `item ${k} ${i}` }))));
    const columns = concatColumns(servers);
    const stepsUntilPrepared = (session: SearchSession) => {
      for (let steps = 1; steps <= 100; steps++) if (session.prepare(() => 0)) return steps;
      return Infinity;
    };
    expect(stepsUntilPrepared(new SearchSession(columns))).toBeLessThan(100);
    // Each server's index and sorted fields are kept: the next columns over them (a list changed) find them built,
    // though their combined index is only made by a search.
    expect(new SearchSession(concatColumns(servers)).prepare(() => 0)).toBe(true);
    expect(Array.from(new SearchSession(columns).search('item 2 4', buildSortOrder(columns, 'name').order)!.idxs)).toContain(104);
  });
});

describe('highlightRanges', () => {
  it('marks substring matches of each term', () => {
    const text = 'Quarterly budget 2026';
    expect(splitByRanges(text, highlightRanges(text, 'budget quart'))).toEqual([
      ['Quart', true],
      ['erly ', false],
      ['budget', true],
      [' 2026', false]
    ]);
  });

  it('marks the characters of a typo match', () => {
    const ranges = highlightRanges('Quarterly budget', 'quartelry');
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges[0]).toBe(0);
  });

  it('marks nothing when a term does not occur in this field', () => {
    expect(highlightRanges('logo.png', 'budget')).toEqual([]);
  });
});
