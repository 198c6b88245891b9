// The theme override (`theme-toggle`): one button cycling system → light → dark, saying what it shows now.
import { Moon, Sun, SunMoon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { nextThemePreference, resolveTheme, useThemeStore } from '../state/theme-store';
import { useSystemTheme } from './use-theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const preference = useThemeStore(s => s.preference);
  const setPreference = useThemeStore(s => s.setPreference);
  const system = useSystemTheme();
  const next = nextThemePreference(preference);
  const shown = preference === 'system' ? t('theme.systemShowing', { theme: t(`theme.inSentence.${resolveTheme(preference, system)}`) }) : t(`theme.name.${preference}`);
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      data-theme-preference={preference}
      title={t('theme.title', { shown, next: t(`theme.inSentence.${next}`) })}
      onClick={() => setPreference(next)}
    >
      {preference === 'dark' ? <Moon /> : preference === 'light' ? <Sun /> : <SunMoon />} {t('theme.button', { shown })}
    </button>
  );
}
