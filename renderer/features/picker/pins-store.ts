// Pinned resources (by resource key): they lead the picker list. Kept in the page's localStorage so they
// survive a restart; a stored value that is not a list of keys is dropped, never trusted.
import * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const storedPinsSchema = z.object({ keys: z.array(z.string()) });

interface PinsState {
  keys: readonly string[];
  toggle(key: string): void;
}

export const usePinsStore = create<PinsState>()(
  persist(
    set => ({
      keys: [],
      toggle: key => set(s => ({ keys: s.keys.includes(key) ? s.keys.filter(k => k !== key) : [...s.keys, key] }))
    }),
    {
      name: 'mcprb.pins',
      storage: createJSONStorage(() => localStorage),
      partialize: s => ({ keys: s.keys }),
      merge: (stored, current) => ({ ...current, keys: storedPinsSchema.catch({ keys: [] }).parse(stored).keys })
    }
  )
);
