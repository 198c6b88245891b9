// Saved searches: a search text with its annotation filters and sort, under a name, re-applied in one step.
// Kept across launches (localStorage); saving under an existing name replaces that search.
import * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { savedInto } from '../../state/save-by-name';
import type { AnnotationFilter } from '../../../shared/picker/filters';
import type { SortKey } from '../../../shared/picker/sort';

const filterSchema = z.object({
  audience: z.object({ user: z.boolean(), assistant: z.boolean(), none: z.boolean() }),
  priorityMin: z.number().min(0).max(1),
  priorityMax: z.number().min(0).max(1),
  keepNoPriority: z.boolean(),
  modifiedAfter: z.string(),
  modifiedBefore: z.string(),
  keepNoModified: z.boolean()
}) satisfies z.ZodType<AnnotationFilter>;

const savedSearchSchema = z.object({ name: z.string().min(1), query: z.string(), filter: filterSchema, sort: z.enum(['priority', 'recent', 'name']) satisfies z.ZodType<SortKey> });
export type SavedSearch = z.infer<typeof savedSearchSchema>;
const storedSchema = z.object({ searches: z.array(savedSearchSchema) });

/** The list with `search` saved: in place of one with the same (trimmed) name, else at the end. */
export function withSavedSearch(searches: readonly SavedSearch[], search: SavedSearch): SavedSearch[] {
  return savedInto(searches, search, (a, b) => a.name === b.name);
}

interface SavedSearchesState {
  searches: readonly SavedSearch[];
  save(search: SavedSearch): void;
  remove(name: string): void;
}

export const useSavedSearchesStore = create<SavedSearchesState>()(
  persist(
    set => ({
      searches: [],
      save: search => set(s => ({ searches: withSavedSearch(s.searches, search) })),
      remove: name => set(s => ({ searches: s.searches.filter(x => x.name !== name) }))
    }),
    {
      name: 'mcprb.saved-searches',
      storage: createJSONStorage(() => localStorage),
      partialize: s => ({ searches: s.searches }),
      merge: (stored, current) => ({ ...current, searches: storedSchema.catch({ searches: [] }).parse(stored).searches })
    }
  )
);
