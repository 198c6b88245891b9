// The language preference: follow the OS (`system`) or one of the catalog languages, remembered like the
// theme (preference-store.ts). `resolveLanguage` maps the OS's language list to the closest catalog.
import * as z from 'zod';
import { languages, type Language } from '../i18n/catalogs';
import { createPreferenceStore, storedPreference } from './preference-store';

const languagePreferenceSchema = z.enum(['system', ...languages] as ['system', ...Language[]]);
export type LanguagePreference = z.infer<typeof languagePreferenceSchema>;
export const languagePreferences = languagePreferenceSchema.options;

/**
 * The catalog language for a BCP 47 tag: Chinese in Traditional script or a Traditional-using region → zh-TW,
 * any other Chinese → zh-CN, English → en; otherwise undefined (try the next tag).
 */
function catalogFor(tag: string): Language | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return undefined;
  }
  if (locale.language === 'en') return 'en';
  if (locale.language !== 'zh') return undefined;
  // Only Chinese needs its likely script (zh-HK → Hant); maximizing loads locale data (30 ms of the page's start
  // in a loaded-machine profile).
  return locale.maximize().script === 'Hant' ? 'zh-TW' : 'zh-CN';
}

/** The first of the OS's preferred languages that has a catalog; English when none has. */
export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = catalogFor(tag);
    if (language) return language;
  }
  return 'en';
}

export function resolveLanguage(preference: LanguagePreference, preferred: readonly string[]): Language {
  return preference === 'system' ? systemLanguage(preferred) : preference;
}

/** What was stored, or `system` when it is missing or not a preference. */
export const storedLanguagePreference = (stored: unknown): LanguagePreference => storedPreference(languagePreferenceSchema, stored, 'system');

export const useLanguageStore = createPreferenceStore<LanguagePreference>('mcprb.language', languagePreferenceSchema, 'system');
