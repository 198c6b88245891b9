import { describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { indicesOfKeys, pinnedFirst } from './pinned-first';
import { ArrayRows, JoinedRows } from '../../../shared/picker/item-source';
import { ResourceTable } from '../../../shared/picker/resource-table';
import { withRecent, maxRecents } from './recents-store';
import { withSavedSearch, type SavedSearch } from './saved-searches-store';
import { defaultAnnotationFilter } from '../../../shared/picker/filters';

const item = (serverId: string, n: number): ResourceItem => ({ serverId, uri: `ref://r/${n}`, name: `r${n}` }) as ResourceItem;

describe('pinned resources first', () => {
  const items = [item('a', 0), item('a', 1), item('b', 1), item('a', 2), item('a', 3)];

  it('finds pinned items by server and URI (the same URI on another server is not pinned)', () => {
    expect([...indicesOfKeys(new ArrayRows(items), [resourceKey(item('b', 1)), resourceKey(item('a', 3)), resourceKey(item('z', 9))])]).toEqual([
      [resourceKey(item('b', 1)), 2],
      [resourceKey(item('a', 3)), 4]
    ]);
    expect(indicesOfKeys(new ArrayRows(items), []).size).toBe(0);
  });

  it('finds them in lists held as tables, by a few URIs compared in place or by many looked up', () => {
    const a = ResourceTable.fromItems('a', [item('a', 0), { serverId: 'a', uri: 'File:///Docs/ReadMe', name: 'ReadMe' }, item('a', 1), item('a', 10)]).rows();
    const b = ResourceTable.fromItems('b', [item('b', 1)]).rows();
    const joined = new JoinedRows([a, b]);
    const wanted = [resourceKey(item('a', 1)), resourceKey({ serverId: 'a', uri: 'File:///Docs/ReadMe' }), resourceKey(item('b', 1))];
    const expected = [
      [wanted[0], 2],
      [wanted[1], 1],
      [wanted[2], 4]
    ];
    const byPosition = (m: Map<string, number>) => [...m].sort((x, y) => x[1] - y[1]);
    expect(byPosition(indicesOfKeys(joined, wanted))).toEqual(byPosition(new Map(expected as [string, number][])));
    // Past the few compared in place: the same answer by looking each item's URI up.
    const many = [...wanted, ...Array.from({ length: 10 }, (_, k) => resourceKey(item('z', 100 + k)))];
    expect(byPosition(indicesOfKeys(joined, many))).toEqual(byPosition(new Map(expected as [string, number][])));
  });

  it('moves the matching pinned rows to the front in list order and keeps the rest in order', () => {
    const rows = Uint32Array.from([3, 4, 0, 2, 1]);
    expect([...pinnedFirst(rows, new Set([2, 4]))]).toEqual([4, 2, 3, 0, 1]);
  });

  it('returns the same rows when no shown row is pinned (a pinned item filtered out stays out)', () => {
    const rows = Uint32Array.from([0, 1]);
    expect(pinnedFirst(rows, new Set([4]))).toBe(rows);
    expect(pinnedFirst(rows, new Set())).toBe(rows);
  });
});

describe('recents', () => {
  it('puts the newest first, once, and keeps at most maxRecents', () => {
    let list = withRecent([], { serverId: 'a', uri: 'u1', name: 'one' });
    list = withRecent(list, { serverId: 'a', uri: 'u2', name: 'two' });
    list = withRecent(list, { serverId: 'a', uri: 'u1', name: 'one' });
    expect(list.map(r => r.uri)).toEqual(['u1', 'u2']);
    for (let n = 0; n < maxRecents + 5; n++) list = withRecent(list, { serverId: 'b', uri: `x${n}`, name: '' });
    expect(list).toHaveLength(maxRecents);
    expect(list[0].uri).toBe(`x${maxRecents + 4}`);
  });
});

describe('saved searches', () => {
  const search = (name: string, query: string): SavedSearch => ({ name, query, filter: defaultAnnotationFilter, sort: 'name' });
  it('adds new names at the end and replaces a search saved under the same trimmed name', () => {
    let list = withSavedSearch([], search('docs', 'readme'));
    list = withSavedSearch(list, search('json', '.json'));
    list = withSavedSearch(list, search(' docs ', 'guide'));
    expect(list.map(s => [s.name, s.query])).toEqual([['docs', 'guide'], ['json', '.json']]);
  });
});
