import { describe, expect, it } from 'vitest';
import { buildColumns, extendColumns } from './columns';
import { prefixFields, prefixRanges, PREFIX_FIELDS, sortedFields } from './search-prefix';
import { rng } from './test-random';
import { item } from './test-items';

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
    const orders = sortedFields(columns);
    prefixFields(columns).forEach((texts, f) => {
      const expected = texts.map((_, i) => i).sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : a - b));
      expect(Array.from(orders[f]), `field ${f}`).toEqual(expected);
    });
  });

  it('grows with a list streaming in and equals one built at once', () => {
    const all = randomItems(2, 500);
    let columns = extendColumns(undefined, all.slice(0, 120));
    sortedFields(columns);
    columns = extendColumns(columns, all.slice(0, 390));
    sortedFields(columns);
    columns = extendColumns(columns, all);
    const grown = sortedFields(columns);
    const fresh = sortedFields(buildColumns(all));
    for (let f = 0; f < PREFIX_FIELDS; f++) expect(Array.from(grown[f])).toEqual(Array.from(fresh[f]));
  });
});

describe('prefixRanges', () => {
  it('holds exactly the items whose field starts with, or equals, the query', () => {
    const columns = buildColumns(randomItems(3, 600));
    const fields = prefixFields(columns);
    const next = rng(4);
    const queries = ['', 'r', 'ref', 'ref://', 'ref://catalog/', 'ref://catalog/a', 'a', 'ab', 'abc', 'abcz', '\u00e9', '\uffff', 'zz', 'q'];
    for (let t = 0; t < 40; t++) queries.push(fields[t % 4][Math.floor(next() * 600)].slice(0, 1 + Math.floor(next() * 8)));
    for (const whole of queries) {
      const ranges = prefixRanges(columns, whole);
      let count = 0;
      for (let f = 0; f < PREFIX_FIELDS; f++) {
        const [lo, exactEnd, hi] = ranges.bounds.subarray(f * 3, f * 3 + 3);
        const order = ranges.orders[f];
        const expected = scan(fields[f], whole);
        const inRange = Array.from(order.subarray(lo, hi)).sort((a, b) => a - b);
        const equal = Array.from(order.subarray(lo, exactEnd)).sort((a, b) => a - b);
        expect(inRange, `"${whole}" field ${f}`).toEqual(expected.prefixed);
        expect(equal, `"${whole}" field ${f} equal`).toEqual(expected.equal);
        count += expected.prefixed.length;
      }
      expect(ranges.count).toBe(count);
    }
  });
});
