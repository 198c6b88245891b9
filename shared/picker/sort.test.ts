import { describe, expect, it } from 'vitest';
import { buildColumns, concatColumns, extendColumns } from './columns';
import { ArrayRows } from './item-source';
import { buildSortOrder, merge, mergeInserting, type SortKey } from './sort';
import { item } from '../../test-support/picker/items';

const items = [
  item('ref://1', { name: 'b-first' }, { priority: 0.5, lastModified: '2026-01-01T00:00:00Z' }),
  item('ref://2', { name: 'a-second', title: 'Zed' }),
  item('ref://3', { name: 'c-third' }, { priority: 0.9 }),
  item('ref://4', { name: 'b-first' }, { priority: 0.5, lastModified: '2026-06-01T00:00:00Z' }),
  item('ref://5', { name: 'd' }, { lastModified: '2026-03-01T00:00:00Z' })
];

function sorted(key: SortKey): string[] {
  const { order } = buildSortOrder(buildColumns(items), key);
  return Array.from(order, i => items[i].uri);
}

describe('buildSortOrder', () => {
  it('sorts by priority, highest first, unannotated last, ties in list order', () => {
    expect(sorted('priority')).toEqual(['ref://3', 'ref://1', 'ref://4', 'ref://2', 'ref://5']);
  });

  it('sorts by lastModified, newest first, undated last in list order', () => {
    expect(sorted('recent')).toEqual(['ref://4', 'ref://5', 'ref://1', 'ref://2', 'ref://3']);
  });

  it('sorts by the shown name (title, else name), ties in list order', () => {
    expect(sorted('name')).toEqual(['ref://1', 'ref://4', 'ref://3', 'ref://5', 'ref://2']);
  });

  it('sorts an item with an invalid priority or date with the unannotated ones, whether the engine dropped it or not', () => {
    const mixed = [
      item('ref://none', { name: 'none' }),
      item('ref://dropped', { name: 'dropped', invalidAnnotations: [{ field: 'priority', raw: '7' }, { field: 'lastModified', raw: 'yesterday' }] }),
      item('ref://seven', { name: 'seven' }, { priority: 7, lastModified: 'yesterday' }),
      item('ref://high', { name: 'high' }, { priority: 'high' as unknown as number }),
      item('ref://low', { name: 'low' }, { priority: 0.1, lastModified: '2026-01-01T00:00:00Z' })
    ];
    const order = (key: SortKey) => Array.from(buildSortOrder(buildColumns(mixed), key).order, i => mixed[i].uri);
    expect(order('priority')).toEqual(['ref://low', 'ref://none', 'ref://dropped', 'ref://seven', 'ref://high']);
    expect(order('recent')).toEqual(['ref://low', 'ref://none', 'ref://dropped', 'ref://seven', 'ref://high']);
  });

  it('orders every item exactly once', () => {
    const { order } = buildSortOrder(buildColumns(items), 'priority');
    expect([...order].sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
  });
});

describe('buildSortOrder on a growing list', () => {
  const more = [
    item('ref://6', { name: 'a-late' }, { priority: 0.9, lastModified: '2026-06-01T00:00:00Z' }),
    item('ref://7', { name: 'zz' }),
    item('ref://8', { name: 'b-first' }, { priority: 0.5, lastModified: '2027-01-01T00:00:00Z' })
  ];

  it.each(['priority', 'recent', 'name'] as const)('%s: sorting the grown columns equals sorting them from scratch', key => {
    const columns = extendColumns(undefined, items);
    buildSortOrder(columns, key);
    const grown = extendColumns(columns, [...items, ...more]);
    expect(grown.haystack).toBe(columns.haystack);
    const incremental = buildSortOrder(grown, key);
    const fresh = buildSortOrder(buildColumns([...items, ...more]), key);
    expect(Array.from(incremental.order)).toEqual(Array.from(fresh.order));
  });

  it.each(['priority', 'recent', 'name'] as const)('%s: columns made before the list grew keep their own order', key => {
    const before = extendColumns(undefined, items);
    const grown = extendColumns(before, [...items, ...more]);
    expect(grown.haystack).toBe(before.haystack);
    buildSortOrder(grown, key); // caches the order of all 8 items under the shared arrays
    const stale = buildSortOrder({ ...grown, items: new ArrayRows(items) }, key);
    expect(Array.from(stale.order)).toEqual(Array.from(buildSortOrder(buildColumns(items), key).order));
  });

  it.each(['priority', 'recent', 'name'] as const)('%s: several servers, one growing, sort like their items from scratch', key => {
    const other = [item('ref://o1', { name: 'mid' }, { priority: 0.7 }), item('ref://o2', { name: 'aa', title: 'Alpha' }, { lastModified: '2026-02-01T00:00:00Z' })];
    const a = extendColumns(undefined, items);
    const b = extendColumns(undefined, other);
    buildSortOrder(concatColumns([a, b]), key);
    const aGrown = extendColumns(a, [...items, ...more]);
    const merged = buildSortOrder(concatColumns([aGrown, b]), key);
    const fresh = buildSortOrder(buildColumns([...items, ...more, ...other]), key);
    expect(Array.from(merged.order)).toEqual(Array.from(fresh.order));
  });
});

describe('buildSortOrder by a numeric column, grown in uneven steps', () => {
  // Few distinct values are placed by counting, many by comparison (over 1,024): both must give the compare's order.
  const lists = {
    'few values, ties, missing': (k: number) => (k % 7 === 0 ? undefined : ((k * 37) % 5) / 4),
    'every value distinct': (k: number) => (k % 11 === 0 ? undefined : ((k * 7919) % 4001) / 4001)
  };
  const expected = (values: (number | undefined)[]) =>
    values.map((_, i) => i).sort((a, b) => {
      const [x, y] = [values[a] ?? Number.NaN, values[b] ?? Number.NaN];
      if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
      return !Number.isNaN(x) && x !== y ? y - x : a - b;
    });

  it.each(Object.entries(lists))('priority and recent, %s', (_, valueOf) => {
    const values = Array.from({ length: 4000 }, (_, k) => valueOf(k));
    const listed = values.map((v, k) =>
      item(`ref://${k}`, { name: `n${k}` }, v === undefined ? {} : { priority: v, lastModified: new Date(Date.UTC(2026, 0, 1) + v * 1e10).toISOString() })
    );
    for (const key of ['priority', 'recent'] as const) {
      let columns = extendColumns(undefined, listed.slice(0, 1));
      // One item, then a few (placed one by one among many), then thousands (merged).
      for (const n of [1, 3000, 3010, 4000]) {
        columns = extendColumns(columns, listed.slice(0, n));
        expect(Array.from(buildSortOrder(columns, key).order), `${key} at ${n}`).toEqual(expected(values.slice(0, n)));
      }
    }
  });
});

describe('buildSortOrder over many servers', () => {
  // Seven servers (uneven halves), names and priorities that interleave across servers, with ties.
  const server = (s: number, n: number) =>
    Array.from({ length: n }, (_, k) => item(`ref://s${s}/${k}`, { name: `n${(k * 7 + s * 3) % 11}` }, k % 3 ? { priority: ((k + s) % 5) / 4 } : {}));
  const lists = [3, 5, 0, 4, 6, 2, 5].map((n, s) => server(s, n));

  it.each(['priority', 'recent', 'name'] as const)('%s: one server replaced among seven sorts like all their items from scratch', key => {
    const parts = lists.map(list => buildColumns(list));
    buildSortOrder(concatColumns(parts), key);
    const replaced = server(9, 4);
    const next = parts.map((p, s) => (s === 3 ? buildColumns(replaced) : p));
    const merged = buildSortOrder(concatColumns(next), key);
    const all = lists.flatMap((list, s) => (s === 3 ? replaced : list));
    expect(Array.from(merged.order, i => all[i].uri)).toEqual(Array.from(buildSortOrder(buildColumns(all), key).order, i => all[i].uri));
  });

  it('gives the same order array again while no server changed (the merges are kept)', () => {
    const parts = lists.map(list => buildColumns(list));
    const first = buildSortOrder(concatColumns(parts), 'name');
    expect(buildSortOrder(concatColumns(parts), 'name').order).toBe(first.order);
    expect(buildSortOrder(concatColumns([...parts.slice(0, 6), buildColumns(lists[6])]), 'name').order).not.toBe(first.order);
  });
});

describe('mergeInserting', () => {
  it('places later items among an order exactly as the linear merge does, comparing far fewer', () => {
    const keys = Array.from({ length: 400 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26), 97 + ((i * 104_729) % 5)));
    let compared = 0;
    const compare = (a: number, b: number) => (compared++, keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b);
    const order = Uint32Array.from({ length: 390 }, (_, i) => i).sort(compare);
    const added = Array.from({ length: 10 }, (_, k) => 390 + k).sort(compare);
    compared = 0;
    const inserted = mergeInserting(order, added, compare);
    const insertedCompares = compared;
    expect(Array.from(inserted)).toEqual(Array.from(merge(order, added, compare)));
    expect(Array.from(inserted)).toEqual(Array.from({ length: 400 }, (_, i) => i).sort(compare));
    expect(insertedCompares).toBeLessThan(10 * 10);
  });
});
