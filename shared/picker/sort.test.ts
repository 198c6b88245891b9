import { describe, expect, it } from 'vitest';
import { buildColumns } from './columns';
import { buildSortOrder, type SortKey } from './sort';
import { item } from './test-items';

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

  it('gives each item its rank in the order', () => {
    const { order, rank } = buildSortOrder(buildColumns(items), 'priority');
    order.forEach((i, position) => expect(rank[i]).toBe(position));
  });
});
