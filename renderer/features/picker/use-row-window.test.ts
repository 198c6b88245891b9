import { describe, expect, it } from 'vitest';
import { windowRows, type RowLayout } from './use-row-window';

const flat = (count: number): RowLayout => ({ count, rowHeight: 52, headerHeight: 28, headerIndices: [], overscan: 4 });

describe('windowRows', () => {
  it('renders only the rows in view plus the overscan, wherever a million-row list is scrolled', () => {
    const { totalSize, rows } = windowRows(flat(1_000_000), 52 * 500_000, 520);
    expect(totalSize).toBe(52 * 1_000_000);
    expect(rows.map(r => r.index)).toEqual(Array.from({ length: 19 }, (_, k) => 499_996 + k));
    expect(rows[4]).toEqual({ index: 500_000, start: 52 * 500_000, size: 52 });
  });

  it('places group headers at their own height, shifting the rows after them', () => {
    // Header, 3 rows, header, 3 rows: virtual indices 0 and 4 are headers.
    const layout: RowLayout = { count: 8, rowHeight: 50, headerHeight: 20, headerIndices: [0, 4], overscan: 0 };
    const { totalSize, rows } = windowRows(layout, 0, 1_000);
    expect(totalSize).toBe(2 * 20 + 6 * 50);
    expect(rows.map(r => [r.index, r.start, r.size])).toEqual([
      [0, 0, 20],
      [1, 20, 50],
      [2, 70, 50],
      [3, 120, 50],
      [4, 170, 20],
      [5, 190, 50],
      [6, 240, 50],
      [7, 290, 50]
    ]);
    // Scrolled into the second group: the row that covers the top comes first.
    expect(windowRows(layout, 200, 60).rows.map(r => r.index)).toEqual([5, 6]);
  });

  it('shows the last rows of a list scrolled past its new end, and nothing for an empty one', () => {
    const { rows, inView } = windowRows(flat(10), 52 * 1_000, 104);
    expect(rows.map(r => r.index)).toEqual([4, 5, 6, 7, 8, 9]);
    // In view without the overscan: the last two rows (and the edge of the one after, which there is not).
    expect(inView).toEqual({ startIndex: 8, endIndex: 9 });
    expect(windowRows(flat(0), 0, 500)).toEqual({ totalSize: 0, rows: [], inView: { startIndex: 0, endIndex: -1 } });
  });
});
