// Whether the filter bar is expanded, remembered across launches (localStorage). Expanded at first, so every
// filter control is in reach until the user folds them away.
import * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface FilterBarState {
  expanded: boolean;
  setExpanded(expanded: boolean): void;
}

export const useFilterBarStore = create<FilterBarState>()(
  persist(set => ({ expanded: true, setExpanded: expanded => set({ expanded }) }), {
    name: 'mcprb.filter-bar',
    storage: createJSONStorage(() => localStorage),
    partialize: s => ({ expanded: s.expanded }),
    merge: (stored, current) => ({ ...current, expanded: z.object({ expanded: z.boolean() }).catch({ expanded: true }).parse(stored).expanded })
  })
);
