import { describe, expect, it } from 'vitest';
import { buildColumns, concatColumns, extendColumns, type PickerColumns } from '../picker/columns';
import { prefixFieldTexts, prefixRanges, PREFIX_FIELDS, sortedField } from './search-prefix';
import { rng } from '../../test-support/picker/random';
import { item } from '../../test-support/picker/items';
const prefixFields = (columns: PickerColumns) => Array.from({ length: PREFIX_FIELDS }, (_, f) => prefixFieldTexts(columns, f));

// Shared schemes and prefixes (so ranges are long and runs with equal leading code units are sorted as
// text), empty fields, code units above 0xff and at 0xffff, and names that are prefixes of each other.
const PIECES = ['ref://', 'ref://catalog/', 'file:///', 'a', 'ab', 'abc', 'b', '\u00e9', '\uffff', 'z', '1', '-', ''];

function randomItems(seed: number, count: number) {
  const next = rng(seed);
  const text = (parts: number) => Array.from({ length: parts }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  return Array.from({ length: count }, (_, i) =>
    item(`${text(2)}${i % 7}/${text(2)}`, { name: text(1 + Math.floor(next() * 3)), title: next() < 0.3 ? undefined : text(2) })
  );
}

/** What the ranges must hold, by reading every field: items whose field starts with / equals `whole`. */
function scan(texts: readonly string[], whole: string): { prefixed: number[]; equal: number[] } {
  const prefixed: number[] = [];
  const equal: number[] = [];
  texts.forEach((t, i) => {
    if (t.startsWith(whole)) prefixed.push(i);
    if (t === whole) equal.push(i);
  });
  return { prefixed, equal };
}

describe('sortedFields', () => {
  it('orders every field like a comparison sort by text, ties by index', () => {
    const columns = buildColumns(randomItems(1, 600));
    prefixFields(columns).forEach((texts, f) => {
      const expected = texts.map((_, i) => i).sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : a - b));
      expect(Array.from(sortedField(columns, f)), `field ${f}`).toEqual(expected);
    });
  });

  it('grows with a list streaming in and equals one built at once', () => {
    const all = randomItems(2, 500);
    let columns = extendColumns(undefined, all.slice(0, 120));
    const sortAll = (c: PickerColumns) => Array.from({ length: PREFIX_FIELDS }, (_, f) => Array.from(sortedField(c, f)));
    sortAll(columns);
    columns = extendColumns(columns, all.slice(0, 390));
    sortAll(columns);
    columns = extendColumns(columns, all);
    expect(sortAll(columns)).toEqual(sortAll(buildColumns(all)));
  });
});

/** Per field, the items in `whole`'s ranges and those equal to it, by item index. */
function rangedItems(columns: PickerColumns, whole: string) {
  const prefix = prefixRanges(columns, whole);
  const inRange = Array.from({ length: PREFIX_FIELDS }, () => [] as number[]);
  const equal = Array.from({ length: PREFIX_FIELDS }, () => [] as number[]);
  for (const { field, order, offset, lo, exactEnd, hi } of prefix.ranges) {
    for (let k = lo; k < hi; k++) inRange[field].push(offset + order[k]);
    for (let k = lo; k < exactEnd; k++) equal[field].push(offset + order[k]);
  }
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return { inRange: inRange.map(sorted), equal: equal.map(sorted), count: prefix.count };
}

function queriesFor(columns: PickerColumns, seed: number): string[] {
  const fields = prefixFields(columns);
  const next = rng(seed);
  const queries = ['', 'r', 'ref', 'ref://', 'ref://catalog/', 'ref://catalog/a', 'a', 'ab', 'abc', 'abcz', '\u00e9', '\uffff', 'zz', 'q'];
  for (let t = 0; t < 40; t++) queries.push(fields[t % 4][Math.floor(next() * fields[0].length)].slice(0, 1 + Math.floor(next() * 8)));
  return queries;
}

describe('prefixRanges', () => {
  it('holds exactly the items whose field starts with, or equals, the query', () => {
    const columns = buildColumns(randomItems(3, 600));
    const fields = prefixFields(columns);
    for (const whole of queriesFor(columns, 4)) {
      const got = rangedItems(columns, whole);
      let count = 0;
      for (let f = 0; f < PREFIX_FIELDS; f++) {
        const expected = scan(fields[f], whole);
        expect(got.inRange[f], `"${whole}" field ${f}`).toEqual(expected.prefixed);
        expect(got.equal[f], `"${whole}" field ${f} equal`).toEqual(expected.equal);
        count += expected.prefixed.length;
      }
      expect(got.count).toBe(count);
    }
  });

  it('over several servers, from their own sorted orders, equals a scan of the concatenation', () => {
    const all = randomItems(5, 700);
    const first = extendColumns(undefined, all.slice(0, 250));
    const second = buildColumns(all.slice(250));
    const columns = concatColumns([first, second]);
    // The first server's list grows after the concatenation was made: its 250 items are what counts here.
    extendColumns(first, [...all.slice(0, 250), ...all.slice(0, 50)]);
    const fields = prefixFields(columns);
    for (const whole of queriesFor(columns, 6)) {
      const got = rangedItems(columns, whole);
      for (let f = 0; f < PREFIX_FIELDS; f++) expect(got.inRange[f], `"${whole}" field ${f}`).toEqual(scan(fields[f], whole).prefixed);
    }
  });
});
