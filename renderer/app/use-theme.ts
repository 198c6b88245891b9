// The theme shown: the stored preference resolved against the OS's `prefers-color-scheme`, followed live.
// It is also put on <html>, so what is portalled to <body> (the command palette, menus) is themed too.
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { resolveTheme, useThemeStore, type Theme } from '../state/theme-store';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const systemTheme = (): Theme => (matchMedia(darkQuery).matches ? 'dark' : 'light');

export function useSystemTheme(): Theme {
  return useSyncExternalStore(subscribe, systemTheme);
}

/** Puts the stored preference's theme on <html> before anything is painted (also behind a boot failure). */
export function applyStoredTheme(): void {
  document.documentElement.dataset.theme = resolveTheme(useThemeStore.getState().preference, systemTheme());
}

/** The resolved theme, applied to the document and kept current; call it once, at the root. */
export function useAppliedTheme(): Theme {
  const theme = resolveTheme(useThemeStore(s => s.preference), useSystemTheme());
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
