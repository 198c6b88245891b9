import { describe, expect, it } from 'vitest';
import { MalformedPackError, PACKED_FIELDS, packResourceItems, unpackResourceItems } from './packed-items';
import { icon, itemsOfEveryForm as items } from '../../test-support/picker/packed-items';
import type { ResourceItem } from './types';

describe('packed resource items', () => {
  it('round-trip exactly through JSON, with the server id restored', () => {
    const packed = JSON.parse(JSON.stringify(packResourceItems(items)));
    expect(unpackResourceItems('s', packed)).toEqual(items);
  });

  it('store a value many items share once', () => {
    const packed = packResourceItems(items);
    expect(packed.shared.filter(v => v === 'text/markdown')).toHaveLength(1);
    expect(packed.shared.filter(v => Array.isArray(v) && JSON.stringify(v) === JSON.stringify([icon]))).toHaveLength(1);
    expect(packed.shared.filter(v => JSON.stringify(v) === JSON.stringify([{ field: 'priority', raw: '7' }]))).toHaveLength(1);
    expect(packed.rows).toHaveLength(items.length * PACKED_FIELDS);
  });

  it('store each of many distinct shared values once, past the few compared one by one', () => {
    const many: ResourceItem[] = Array.from({ length: 200 }, (_, i) => ({
      serverId: 's',
      uri: `ref://${i}`,
      name: `${i}`,
      mimeType: `type/x-${i % 40}`,
      icons: [{ src: `data:${i % 30}`, sizes: [`${i % 30}x${i % 30}`] }],
      annotations: { audience: i % 3 === 0 ? ['user'] : ['assistant', 'user'] }
    }));
    const packed = packResourceItems(many);
    expect(packed.shared).toHaveLength(40 + 30 + 2);
    expect(unpackResourceItems('s', JSON.parse(JSON.stringify(packed)))).toEqual(many);
  });

  it('are much smaller than the items as JSON', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...items[1], uri: `ref://catalog/${i}`, name: `item-${i}` }));
    expect(JSON.stringify(packResourceItems(many)).length).toBeLessThan(JSON.stringify(many).length * 0.6);
  });

  it("carry a date in toISOString's form as its ms number, any other form as its text", () => {
    const dated = (lastModified: string): ResourceItem => ({ serverId: 's', uri: 'ref://d', name: 'd', annotations: { lastModified } });
    const cells = ['2026-03-04T05:06:07.089Z', '0042-01-01T00:00:00.000Z', '2026-01-01T00:00:00Z', '2026-02-30T00:00:00.000Z'].map(
      text => packResourceItems([dated(text)]).rows[8]
    );
    expect(cells).toEqual([Date.parse('2026-03-04T05:06:07.089Z'), Date.parse('0042-01-01T00:00:00.000Z'), '2026-01-01T00:00:00Z', '2026-02-30T00:00:00.000Z']);
  });

  it('handle an empty page', () => {
    expect(unpackResourceItems('s', packResourceItems([]))).toEqual([]);
  });

  it.each([
    ['a row count that does not match', { count: 2, shared: [], rows: ['ref://a', 'a', null, null, -1, null, -1, null, null, -1, -1] }],
    ['a row of the old width (10 cells)', { count: 1, shared: [], rows: ['ref://a', 'a', null, null, -1, null, -1, null, null, -1] }],
    ['an item without a uri', { count: 1, shared: [], rows: [7, 'a', null, null, -1, null, -1, null, null, -1, -1] }],
    ['a reference past the shared values', { count: 1, shared: [], rows: ['ref://a', 'a', null, null, 3, null, -1, null, null, -1, -1] }],
    ['a reference to the wrong kind of value', { count: 1, shared: ['x'], rows: ['ref://a', 'a', null, null, -1, null, 0, null, null, -1, -1] }],
    ['invalid annotations that are not a list', { count: 1, shared: ['x'], rows: ['ref://a', 'a', null, null, -1, null, -1, null, null, -1, 0] }],
    ['rows that are not an array', { count: 0, shared: [], rows: 'nope' }],
    ['a date that is not whole ms', { count: 1, shared: [], rows: ['ref://a', 'a', null, null, -1, null, -1, null, 1.5, -1, -1] }],
    ['a date past year 9999', { count: 1, shared: [], rows: ['ref://a', 'a', null, null, -1, null, -1, null, 1e16, -1, -1] }]
  ])('refuse %s with a clear error', (_, packed) => {
    expect(() => unpackResourceItems('s', packed as never)).toThrow(MalformedPackError);
  });
});
