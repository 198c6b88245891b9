// Filled-in templates saved under a name (per server and URI template) to run again later: the values as
// typed (with their kinds), kept across launches in localStorage. Saving under an existing name for the same
// template replaces it.
import * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { savedInto } from '../../state/save-by-name';
import type { ArgumentInput } from './templates-store';

const argumentInputSchema = z.object({ kind: z.enum(['text', 'list', 'pairs']), text: z.string() }) satisfies z.ZodType<ArgumentInput>;
const savedTemplateSchema = z.object({
  name: z.string().min(1),
  serverId: z.string(),
  uriTemplate: z.string(),
  inputs: z.record(z.string(), argumentInputSchema)
});
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;
const storedSchema = z.object({ saved: z.array(savedTemplateSchema) });

const sameSlot = (a: SavedTemplate, b: SavedTemplate) => a.serverId === b.serverId && a.uriTemplate === b.uriTemplate && a.name === b.name;

/** The list with `entry` saved (name trimmed): in place of the same name for the same template, else at the end. */
export function withSavedTemplate(saved: readonly SavedTemplate[], entry: SavedTemplate): SavedTemplate[] {
  return savedInto(saved, entry, sameSlot);
}

interface SavedTemplatesState {
  saved: readonly SavedTemplate[];
  save(entry: SavedTemplate): void;
  remove(entry: SavedTemplate): void;
}

export const useSavedTemplatesStore = create<SavedTemplatesState>()(
  persist(
    set => ({
      saved: [],
      save: entry => set(s => ({ saved: withSavedTemplate(s.saved, entry) })),
      remove: entry => set(s => ({ saved: s.saved.filter(x => !sameSlot(x, entry)) }))
    }),
    {
      name: 'mcprb.saved-templates',
      storage: createJSONStorage(() => localStorage),
      partialize: s => ({ saved: s.saved }),
      merge: (stored, current) => ({ ...current, saved: storedSchema.catch({ saved: [] }).parse(stored).saved })
    }
  )
);
