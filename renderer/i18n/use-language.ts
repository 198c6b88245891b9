// The language shown: the stored preference resolved against the OS's languages (`navigator.languages`,
// which Electron takes from the OS), applied to i18next and to <html lang> so what is portalled is covered too.
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLanguage, useLanguageStore } from '../state/language-store';
import type { Language } from './catalogs';

function subscribe(onChange: () => void): () => void {
  addEventListener('languagechange', onChange);
  return () => removeEventListener('languagechange', onChange);
}

/** Stable while the OS's list is unchanged (useSyncExternalStore compares snapshots by identity). */
const systemLanguages = () => navigator.languages.join(',');

export function useSystemLanguages(): readonly string[] {
  return useSyncExternalStore(subscribe, systemLanguages).split(',');
}

/** The language of the stored preference, before React mounts (the boot-failure screen is translated too). */
export function storedLanguage(): Language {
  return resolveLanguage(useLanguageStore.getState().preference, navigator.languages);
}

/** The resolved language, applied to i18next and the document and kept current; call it once, at the root. */
export function useAppliedLanguage(): Language {
  const language = resolveLanguage(useLanguageStore(s => s.preference), useSystemLanguages());
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  return language;
}
