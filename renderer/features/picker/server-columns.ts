// Each shown server's columns, kept across the picker's renders. A server's live list (streamed pages, then the
// finished list) has columns grown page by page (`extendColumns`), and so does its sort order, whether the live
// list is on screen yet or not: while a last known list stands in for it (shown stale until every live page is
// in), the live pages still go into their own columns, so the moment the live list replaces the stale one costs
// no rebuild of 100k items' columns and sort order on the critical path (issue #16). A live list that is the
// last known list itself (nothing streamed, see use-resource-list.ts) keeps the last known list's columns.
import type { ResourceItem, ServerId } from '../../../shared/contract';
import { builtFrom, extendColumns, buildColumns, type PickerColumns } from '../../../shared/picker/columns';
import type { ColumnSource } from '../../../shared/picker/item-source';
import { buildSortOrder, type SortKey } from '../../../shared/picker/sort';

/** A list's items: its rows as the page holds them, or items already made (tests). */
type ListRows = ColumnSource | readonly ResourceItem[];

interface ServerEntry {
  live?: PickerColumns;
  /** The last known list's columns while it is shown. */
  stale?: PickerColumns;
}

export class ServerColumns {
  private readonly entries = new Map<ServerId, ServerEntry>();

  /**
   * The columns to show for `serverId`: those of `lastKnown` while it is given (the stale list is shown), else
   * those of `live`. `live` goes into its columns either way, and while it is hidden its order under `sort` is
   * grown with it (sorting only the new items; see sort.ts), as the shown list's is by the picker.
   */
  columnsFor(serverId: ServerId, live: ListRows, lastKnown: ListRows | undefined, sort: SortKey): PickerColumns {
    let entry = this.entries.get(serverId);
    if (!entry) this.entries.set(serverId, (entry = {}));
    if (!lastKnown && entry.stale && builtFrom(entry.stale, live)) {
      // The live list is the last known one's rows (the engine found them the same): its columns go on as they are.
      entry.live = entry.stale;
      entry.stale = undefined;
    }
    if (!entry.live || !builtFrom(entry.live, live)) {
      const grown = extendColumns(entry.live, live);
      if (lastKnown && grown !== entry.live && grown.items.length > 0) buildSortOrder(grown, sort);
      entry.live = grown;
    }
    if (!lastKnown) {
      // The stale list is no longer shown: its columns need not be kept.
      entry.stale = undefined;
      return entry.live;
    }
    if (!entry.stale || !builtFrom(entry.stale, lastKnown)) entry.stale = buildColumns(lastKnown);
    return entry.stale;
  }
}
