// Picker UI state: search text, annotation filters, sort order, and the keyboard cursor.
import { create } from 'zustand';
import { defaultAnnotationFilter, type AnnotationFilter } from '../../shared/picker/filters';
import type { SortKey } from '../../shared/picker/sort';

interface PickerState {
  query: string;
  filter: AnnotationFilter;
  sort: SortKey;
  /** Key (see resourceKey) of the row the keyboard cursor is on. */
  activeKey: string | null;
  setQuery(query: string): void;
  setFilter(patch: Partial<AnnotationFilter>): void;
  toggleAudience(which: keyof AnnotationFilter['audience']): void;
  resetFilter(): void;
  setSort(sort: SortKey): void;
  setActiveKey(key: string | null): void;
}

export const usePickerStore = create<PickerState>()(set => ({
  query: '',
  filter: defaultAnnotationFilter,
  sort: 'priority',
  activeKey: null,
  setQuery: query => set({ query }),
  setFilter: patch => set(s => ({ filter: { ...s.filter, ...patch } })),
  toggleAudience: which =>
    set(s => ({ filter: { ...s.filter, audience: { ...s.filter.audience, [which]: !s.filter.audience[which] } } })),
  resetFilter: () => set({ filter: defaultAnnotationFilter }),
  setSort: sort => set({ sort }),
  setActiveKey: activeKey => set({ activeKey })
}));
