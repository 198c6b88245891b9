// The theme preference: follow the OS (`system`), or a fixed light or dark theme, remembered across restarts
// (preference-store.ts).
import * as z from 'zod';
import { createPreferenceStore, storedPreference } from './preference-store';

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
export const storedThemePreference = (stored: unknown): ThemePreference => storedPreference(themePreferenceSchema, stored, 'system');

export const useThemeStore = createPreferenceStore<ThemePreference>('mcprb.theme', themePreferenceSchema, 'system');
