// A remembered UI preference that may follow the OS (`system`): the theme, the language. Kept in the page's
// localStorage (Electron keeps it in the app's profile); a stored value that is not one of the choices (an old
// or hand-edited one) reads as the fallback.
import type * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface PreferenceState<P extends string> {
  preference: P;
  setPreference(preference: P): void;
}

/** What a preference store saved (`{ preference }`), or `fallback` when it is missing or not a choice. */
export function storedPreference<P extends string>(schema: z.ZodType<P>, stored: unknown, fallback: P): P {
  const parsed = schema.safeParse((stored as { preference?: unknown } | null)?.preference);
  return parsed.success ? parsed.data : fallback;
}

/** A zustand store of one preference, `fallback` until chosen, persisted under `key`. */
export function createPreferenceStore<P extends string>(key: string, schema: z.ZodType<P>, fallback: P) {
  return create<PreferenceState<P>>()(
    persist(set => ({ preference: fallback, setPreference: preference => set({ preference }) }), {
      name: key,
      storage: createJSONStorage(() => localStorage),
      partialize: s => ({ preference: s.preference }),
      merge: (stored, current) => ({ ...current, preference: storedPreference(schema, stored, fallback) })
    })
  );
}
