import { describe, expect, it } from 'vitest';
import { MalformedPackError, packResourceItems, type ResourceItem } from '../contract';
import { buildColumns, concatColumns, extendColumns } from './columns';
import { ArrayRows, itemsOf, JoinedRows } from './item-source';
import { ResourceTable } from './resource-table';
import { itemsOfEveryForm as items } from '../../test-support/picker/packed-items';
import { lowerField } from '../../test-support/picker/items';
import { FIELD_DESCRIPTION, FIELD_NAME, FIELD_TITLE, FIELD_URI, FIELD_URI_LEAF } from './search-line';

/** A page as it arrives on the page: packed, then through JSON (no object shared with the items above). */
const wire = (page: ResourceItem[]) => JSON.parse(JSON.stringify(packResourceItems(page))) as ReturnType<typeof packResourceItems>;

describe('ResourceTable', () => {
  it('gives back every item exactly as sent, over several pages', () => {
    const table = new ResourceTable('s');
    table.appendPacked(wire(items.slice(0, 3)));
    table.appendPacked(wire(items.slice(3)));
    expect(table.length).toBe(items.length);
    expect(itemsOf(table.rows())).toEqual(items);
    // A date in toISOString's own form comes back from its number, to the character.
    expect(table.lastModifiedAt(2)).toBe('2026-03-04T05:06:07.089Z');
    // Other forms, and text that is no date (the 30th of February), come back as sent; the latter has no time.
    expect([table.lastModifiedAt(1), table.lastModifiedAt(4), table.lastModifiedAt(6)]).toEqual(['2026-01-01T00:00:00Z', '2026-01-02', '2026-01-02T03:04:05.678+01:00']);
    expect(table.lastModifiedAt(3)).toBe('2026-02-30T00:00:00.000Z');
    expect(Number.isNaN(table.modified[3])).toBe(true);
    expect(table.modified[2]).toBe(Date.parse('2026-03-04T05:06:07.089Z'));
  });

  it('stores the values items share once for the whole list, across pages', () => {
    const table = new ResourceTable('s');
    table.appendPacked(wire([items[1]]));
    table.appendPacked(wire([items[1], items[2]]));
    // The same MIME type, audience and icon list from three packed pages: one object each.
    expect(table.at(0).icons).toBe(table.at(1).icons);
    expect(table.at(0).annotations?.audience).toBe(table.at(1).annotations?.audience);
    expect(table.at(2).icons).toBe(table.at(0).icons);
  });

  it('appends nothing of a malformed page, and keeps what came before', () => {
    const table = ResourceTable.fromItems('s', items.slice(0, 2));
    const good = wire(items.slice(2, 4));
    const badRef = { ...good, rows: good.rows.map((cell, k) => (k === 11 + 4 ? 99 : cell)) };
    expect(() => table.appendPacked(badRef)).toThrow(MalformedPackError);
    const noUri = { ...good, rows: good.rows.map((cell, k) => (k === 11 ? null : cell)) };
    expect(() => table.appendPacked(noUri)).toThrow(MalformedPackError);
    expect(() => table.appendPacked({ count: 3, shared: [], rows: [] })).toThrow(MalformedPackError);
    const badDate = { ...good, rows: good.rows.map((cell, k) => (k === 11 + 8 ? 2 ** 60 : cell)) };
    expect(() => table.appendPacked(badDate)).toThrow(MalformedPackError);
    expect(table.length).toBe(2);
    table.appendPacked(good);
    expect(itemsOf(table.rows())).toEqual(items.slice(0, 4));
  });

  it('rows of a growing table show only the items they were made with', () => {
    const table = ResourceTable.fromItems('s', items.slice(0, 2));
    const published = table.rows();
    table.appendPacked(wire(items.slice(2)));
    expect(published.length).toBe(2);
    expect(table.rows().length).toBe(items.length);
    // The rows on screen ask for the same items again: the same objects, so a row's memo holds.
    expect(table.at(1)).toBe(table.at(1));
  });

  // Sizes too: none, 0, past 2^32 (in `items`), negative and fractional (a server's mistake, kept as sent).
  // Text in every case: lower case (read back from the search line), mixed case (kept as sent), a case mapping
  // that changes the length, an empty title, and no-break spaces that would hide a field's end from its separator.
  const texts: ResourceItem[] = [
    ...items,
    { serverId: 's', uri: 'File:///Docs/ReadMe.MD', name: 'ReadMe.MD', title: 'Read\u00a0\u00a0Me', description: 'ends with a no-break space\u00a0', size: -5 },
    { serverId: 's', uri: 'ref://x/', name: 'x\u00a0', title: '', description: '\u00a0starts with one', size: 1.5 },
    { serverId: 's', uri: 'ref://istanbul', name: '\u0130stanbul', title: 'İstanbul ŞEHRİ', description: 'lower case, all of it', mimeType: 'Text/Plain' }
  ];

  it('gives back text in every case exactly, from one lower-cased copy where it can', () => {
    const table = ResourceTable.fromItems('s', texts);
    expect(itemsOf(table.rows())).toEqual(texts);
  });

  it('tells an item\'s URI without making it, wherever the URI is kept', () => {
    const table = ResourceTable.fromItems('s', texts);
    const at = (uri: string) => texts.findIndex(t => t.uri === uri);
    // From the search line (lower case), kept as sent (mixed case), and an item whose line is not split by separators.
    for (const uri of ['ref://a', 'File:///Docs/ReadMe.MD', 'ref://x/']) expect(table.uriIs(at(uri), uri), uri).toBe(true);
    expect(table.uriIs(at('ref://x/'), 'ref://x')).toBe(false);
    expect(table.uriIs(at('ref://a'), 'ref://a/')).toBe(false);
    expect(table.uriIs(at('File:///Docs/ReadMe.MD'), 'file:///docs/readme.md')).toBe(false);
    expect(table.uriIs(at('ref://a'), 'ref://b')).toBe(false);
  });

  it('builds the same picker columns as the items themselves', () => {
    const fromTable = buildColumns(ResourceTable.fromItems('s', texts).rows());
    const fromObjects = buildColumns(texts);
    for (const key of ['haystack', 'audience', 'priority', 'modified'] as const) expect(fromTable[key]).toEqual(fromObjects[key]);
    for (const field of [FIELD_NAME, FIELD_TITLE, FIELD_URI, FIELD_DESCRIPTION, FIELD_URI_LEAF] as const) {
      expect(lowerField(fromTable, field), `field ${field}`).toEqual(lowerField(fromObjects, field));
    }
    expect(lowerField(fromTable, FIELD_TITLE).slice(-3)).toEqual(['read\u00a0\u00a0me', '', 'i̇stanbul şehri̇']);
    expect(lowerField(fromTable, FIELD_URI_LEAF).slice(-3)).toEqual(['readme.md', 'x', 'istanbul']);
  });
});

describe('columns of a table', () => {
  it('read the table\'s priority and date columns, and join only their own items', () => {
    const table = ResourceTable.fromItems('s', items.slice(0, 3));
    const first = buildColumns(table.rows());
    expect(first.priority).toBe(table.priority);
    expect(first.modified).toBe(table.modified);
    // The list grows after these columns were made: joined with another server's, they count their 3 items.
    table.appendPacked(wire(items.slice(3)));
    const other = buildColumns([{ serverId: 'o', uri: 'ref://o', name: 'o', annotations: { priority: 0.5 } }]);
    const joined = concatColumns([first, other]);
    expect(joined.priority).toEqual([Number.NaN, 0, 1, 0.5]);
    expect(joined.modified).toHaveLength(4);
    // Grown in place: the new items' numbers are the table's, not pushed again.
    const grown = extendColumns(first, table.rows());
    expect(grown.priority).toBe(table.priority);
    expect(grown.priority).toHaveLength(items.length);
  });

  it('count a priority outside 0..1 as none, while the item keeps it as sent', () => {
    const odd: ResourceItem = { serverId: 's', uri: 'ref://odd', name: 'odd', annotations: { priority: 1.5 } };
    const table = ResourceTable.fromItems('s', [odd]);
    expect(buildColumns(table.rows()).priority).toEqual([Number.NaN]);
    expect(table.at(0)).toEqual(odd);
  });
});

describe('JoinedRows', () => {
  it('reads several lists as one, in order', () => {
    const a = ResourceTable.fromItems('a', [{ serverId: 'a', uri: 'ref://1', name: '1' }]).rows();
    const empty = new ArrayRows([]);
    const b = new ArrayRows([
      { serverId: 'b', uri: 'ref://2', name: '2' },
      { serverId: 'b', uri: 'ref://3', name: '3' }
    ]);
    const joined = new JoinedRows([a, empty, b]);
    expect(joined.length).toBe(3);
    expect(itemsOf(joined).map(i => `${i.serverId} ${i.uri}`)).toEqual(['a ref://1', 'b ref://2', 'b ref://3']);
    expect([0, 1, 2].map(i => joined.serverIdAt(i) + joined.uriAt(i))).toEqual(['aref://1', 'bref://2', 'bref://3']);
  });
});
