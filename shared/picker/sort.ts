// Picker sort orders. Every sort is stable (ties keep list order) and puts unannotated items last.
import type { PickerColumns } from './columns';

export type SortKey = 'priority' | 'recent' | 'name';
export const sortKeys: readonly SortKey[] = ['priority', 'recent', 'name'];

export interface SortOrder {
  /** Item indices in display order. */
  order: Uint32Array;
  /** rank[i] = position of item i in `order`; lets a search result be re-sorted by numeric compare. */
  rank: Uint32Array;
}

/** Descending numeric compare with NaN (missing) last; the index breaks ties, which makes it stable. */
function byDescendingColumn(column: readonly number[]) {
  return (a: number, b: number): number => {
    const x = column[a];
    const y = column[b];
    const xMissing = Number.isNaN(x);
    const yMissing = Number.isNaN(y);
    if (xMissing !== yMissing) return xMissing ? 1 : -1;
    if (!xMissing && x !== y) return y - x;
    return a - b;
  };
}

function nameKeys(columns: PickerColumns): string[] {
  return columns.items.map((item, i) => columns.titleLower[i] || columns.nameLower[i] || item.uri.toLowerCase());
}

export function buildSortOrder(columns: PickerColumns, key: SortKey): SortOrder {
  const n = columns.items.length;
  const indices = Array.from({ length: n }, (_, i) => i);
  if (key === 'priority') indices.sort(byDescendingColumn(columns.priority));
  else if (key === 'recent') indices.sort(byDescendingColumn(columns.modified));
  else {
    // Plain code-unit order on lower-cased text: deterministic and ~10x faster than a collator at 100k items.
    const keys = nameKeys(columns);
    indices.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
  }
  const order = Uint32Array.from(indices);
  const rank = new Uint32Array(n);
  for (let p = 0; p < n; p++) rank[order[p]] = p;
  return { order, rank };
}
