// The picker's multi-selection over the rows on screen: Ctrl/⌘+click or Space toggles a row, Shift+click
// and Shift+Arrow select the range from the anchor, Escape clears. The selection outlives searches and
// filter changes (the bar says how many of it are not shown); a relist keeps only what is still listed.
import { useEffect, useMemo } from 'react';
import type { ResourceItem } from '../../../shared/contract';
import type { PickerColumns } from '../../../shared/picker/columns';
import { indicesOfKeys } from './pinned-first';
import { rowRange } from './selection';
import { useSelectionStore } from './selection-store';

export interface MultiSelect {
  selected: ReadonlyMap<string, ResourceItem>;
  /** Selected items the search or filters hide now. */
  notShown: number;
  toggleRow(row: number): void;
  /** Selects from the anchor (or `fromRow` when there is none, or it is not shown) to `row`. */
  rangeTo(row: number, fromRow: number): void;
  clear(): void;
}

export function useMultiSelect(columns: PickerColumns, rows: Uint32Array): MultiSelect {
  const selection = useSelectionStore(s => s.selection);
  const { toggle, extend, restartAt, keepListed, clear } = useSelectionStore.getState();
  const { items } = columns;
  const itemAt = (row: number) => items.at(rows[row]);

  // Where the selected items are in the current columns (one pass, and only while something is selected).
  const selectedIndices = useMemo(() => (selection.items.size === 0 ? new Map<string, number>() : indicesOfKeys(items, selection.items.keys())), [items, selection.items]);

  // A relist (new columns) keeps what is still listed, with its fresh data; gone items leave the selection.
  const listing = useSelectionStore(s => (s.selection.items.size === 0 ? null : items));
  useEffect(() => {
    if (!listing) return;
    const found = indicesOfKeys(listing, useSelectionStore.getState().selection.items.keys());
    keepListed(key => {
      const at = found.get(key);
      return at === undefined ? undefined : listing.at(at);
    });
  }, [listing, keepListed]);

  const notShown = useMemo(() => {
    if (selectedIndices.size === 0) return 0;
    const wanted = new Set(selectedIndices.values());
    let shown = 0;
    for (const i of rows) if (wanted.has(i)) shown++;
    return selection.items.size - shown;
  }, [rows, selectedIndices, selection.items.size]);

  const rowOfKey = (key: string): number => {
    const at = selectedIndices.get(key) ?? indicesOfKeys(items, [key]).get(key);
    return at === undefined ? -1 : rows.indexOf(at);
  };

  return {
    selected: selection.items,
    notShown,
    toggleRow: row => {
      if (row >= 0 && row < rows.length) toggle(itemAt(row));
    },
    rangeTo: (row, fromRow) => {
      if (row < 0 || row >= rows.length) return;
      let anchorRow = selection.anchor === null ? -1 : rowOfKey(selection.anchor);
      if (anchorRow === -1) {
        anchorRow = fromRow >= 0 && fromRow < rows.length ? fromRow : row;
        restartAt(itemAt(anchorRow));
      }
      extend(rowRange(anchorRow, row, itemAt), itemAt(anchorRow));
    },
    clear
  };
}
