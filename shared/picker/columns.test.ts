import { describe, expect, it } from 'vitest';
import { FIELD_URI, FIELD_URI_LEAF } from './search-line';
import { AUDIENCE_ASSISTANT, AUDIENCE_USER, buildColumns, concatColumns, extendColumns } from './columns';
import { itemsOf } from './item-source';
import { item, lowerField } from '../../test-support/picker/items';

describe('picker columns', () => {
  it('flattens annotations, treating invalid values as missing', () => {
    const columns = buildColumns([
      item('ref://a', {}, { audience: ['user', 'assistant'], priority: 0.3, lastModified: '2026-01-01T00:00:00Z' }),
      item('ref://b', {}, { audience: ['robot' as 'user'], priority: -1, lastModified: 'soon' }),
      // Values Date.parse would read (and a priority the engine used to clamp to 1): missing here too.
      item('ref://c', {}, { priority: 7, lastModified: 'March 7, 2024' })
    ]);
    expect(columns.audience).toEqual([AUDIENCE_USER | AUDIENCE_ASSISTANT, 0, 0]);
    expect(columns.priority[0]).toBe(0.3);
    expect(columns.priority[1]).toBeNaN();
    expect(columns.priority[2]).toBeNaN();
    expect(columns.modified[0]).toBe(Date.UTC(2026, 0, 1));
    expect(columns.modified[1]).toBeNaN();
    expect(columns.modified[2]).toBeNaN();
    expect(lowerField(columns, FIELD_URI_LEAF)).toEqual(['a', 'b', 'c']);
  });

  it('extends columns page by page when a list only grows, and rebuilds otherwise', () => {
    const page1 = [item('ref://1'), item('ref://2')];
    const page2 = [...page1, item('ref://3')];
    const first = buildColumns(page1);
    const grown = extendColumns(first, page2);
    expect(grown.haystack).toBe(first.haystack); // grown in place, not rebuilt
    expect(lowerField(grown, FIELD_URI)).toEqual(['ref://1', 'ref://2', 'ref://3']);
    const replaced = extendColumns(grown, [item('ref://9')]);
    expect(lowerField(replaced, FIELD_URI)).toEqual(['ref://9']);
  });

  it('are the same columns for the same items in another array (the finished list after its last streamed page)', () => {
    const streamed = [item('ref://1'), item('ref://2')];
    const published = buildColumns(streamed.slice());
    expect(extendColumns(published, streamed)).toBe(published);
  });

  it('concatenates servers in order', () => {
    const a = buildColumns([item('ref://a1'), item('ref://a2')]);
    const b = buildColumns([{ ...item('ref://b1'), serverId: 'other' }]);
    const both = concatColumns([a, b]);
    expect(itemsOf(both.items).map(i => i.uri)).toEqual(['ref://a1', 'ref://a2', 'ref://b1']);
    expect(lowerField(both, FIELD_URI)).toEqual(['ref://a1', 'ref://a2', 'ref://b1']);
    expect(both.priority).toHaveLength(3);
  });
});
