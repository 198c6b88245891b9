// "Go to resource": the picker's search (same tiers: exact, prefix, substring, typo) over every loaded list,
// returning the best few items. Built once per set of lists, so typing narrows instead of rescanning.
import type { ResourceItem } from '../contract';
import { buildColumns, concatColumns } from '../picker/columns';
import type { ColumnSource } from '../picker/item-source';
import { SearchSession } from './search';

export class ResourceFinder {
  private readonly session: SearchSession;
  /** Every item index in list order: ties within a tier keep the order the lists came in. */
  private readonly order: Uint32Array;

  constructor(lists: readonly (ColumnSource | readonly ResourceItem[])[]) {
    const parts = lists.map(items => buildColumns(items));
    const columns = parts.length === 0 ? buildColumns([]) : concatColumns(parts);
    this.session = new SearchSession(columns);
    this.order = Uint32Array.from({ length: columns.items.length }, (_, i) => i);
  }

  /** The best `limit` matches of `query` by name, title or URI; none for an empty query. */
  find(query: string, limit: number): ResourceItem[] {
    const result = this.session.search(query, this.order);
    if (!result) return [];
    const { items } = this.session.columns;
    return Array.from(result.idxs.subarray(0, limit), i => items.at(i));
  }
}
