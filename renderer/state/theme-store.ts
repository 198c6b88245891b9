// The theme preference: follow the OS (`system`), or a fixed light or dark theme. Kept in the page's
// localStorage so it survives a restart (Electron keeps it in the app's profile).
import * as z from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const themePreferenceSchema = z.enum(['system', 'light', 'dark']);
export type ThemePreference = z.infer<typeof themePreferenceSchema>;
export type Theme = Exclude<ThemePreference, 'system'>;

export const themePreferences = themePreferenceSchema.options;

/** The theme shown for a preference, given what the OS asks for. */
export function resolveTheme(preference: ThemePreference, system: Theme): Theme {
  return preference === 'system' ? system : preference;
}

/** The toggle's cycle: system → light → dark → system. */
export function nextThemePreference(preference: ThemePreference): ThemePreference {
  return themePreferences[(themePreferences.indexOf(preference) + 1) % themePreferences.length];
}

/** What was stored, or `system` when it is missing or not a preference (an old or hand-edited value). */
export function storedThemePreference(stored: unknown): ThemePreference {
  const preference = (stored as { preference?: unknown } | null)?.preference;
  return themePreferenceSchema.catch('system').parse(preference);
}

interface ThemeState {
  preference: ThemePreference;
  setPreference(preference: ThemePreference): void;
}

export const useThemeStore = create<ThemeState>()(
  persist(set => ({ preference: 'system', setPreference: preference => set({ preference }) }), {
    name: 'mcprb.theme',
    storage: createJSONStorage(() => localStorage),
    partialize: s => ({ preference: s.preference }),
    merge: (stored, current) => ({ ...current, preference: storedThemePreference(stored) })
  })
);
