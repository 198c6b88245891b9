// The picker's multi-selection (see selection.ts), shared by the list, the selection bar and the row menu.
import { create } from 'zustand';
import type { ResourceItem } from '../../../shared/contract';
import { emptySelection, extendTo, keepListed, restartAt, toggleItem, type Selection } from './selection';

interface SelectionState {
  selection: Selection;
  toggle(item: ResourceItem): void;
  extend(range: readonly ResourceItem[], anchorItem: ResourceItem): void;
  restartAt(item: ResourceItem): void;
  keepListed(current: (key: string) => ResourceItem | undefined): void;
  clear(): void;
}

export const useSelectionStore = create<SelectionState>()(set => ({
  selection: emptySelection,
  toggle: item => set(s => ({ selection: toggleItem(s.selection, item) })),
  extend: (range, anchorItem) => set(s => ({ selection: extendTo(s.selection, range, anchorItem) })),
  restartAt: item => set(s => ({ selection: restartAt(s.selection, item) })),
  keepListed: current =>
    set(s => {
      const selection = keepListed(s.selection, current);
      return selection === s.selection ? s : { selection };
    }),
  clear: () => set({ selection: emptySelection })
}));
