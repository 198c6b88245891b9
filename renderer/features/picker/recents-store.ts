// Recently opened resources, newest first, kept across launches (localStorage). The picker records every
// open; the Recents list (Ctrl/⌘+E) reopens one.
import * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const recentSchema = z.object({ serverId: z.string(), uri: z.string(), name: z.string() });
export type Recent = z.infer<typeof recentSchema>;
const storedRecentsSchema = z.object({ items: z.array(recentSchema) });

export const maxRecents = 15;

/** `recent` at the front, without an older entry for the same resource, at most `maxRecents` long. */
export function withRecent(items: readonly Recent[], recent: Recent): Recent[] {
  const others = items.filter(r => r.serverId !== recent.serverId || r.uri !== recent.uri);
  return [recent, ...others].slice(0, maxRecents);
}

interface RecentsState {
  items: readonly Recent[];
  record(recent: Recent): void;
  clear(): void;
}

export const useRecentsStore = create<RecentsState>()(
  persist(
    set => ({
      items: [],
      record: recent => set(s => ({ items: withRecent(s.items, recent) })),
      clear: () => set({ items: [] })
    }),
    {
      name: 'mcprb.recents',
      storage: createJSONStorage(() => localStorage),
      partialize: s => ({ items: s.items }),
      merge: (stored, current) => ({ ...current, items: storedRecentsSchema.catch({ items: [] }).parse(stored).items.slice(0, maxRecents) })
    }
  )
);
