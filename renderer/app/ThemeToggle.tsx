// The theme override (`theme-toggle`): one button cycling system → light → dark, saying what it shows now.
import { nextThemePreference, resolveTheme, useThemeStore, type ThemePreference } from '../state/theme-store';
import { useSystemTheme } from './use-theme';

const preferenceLabels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeToggle() {
  const preference = useThemeStore(s => s.preference);
  const setPreference = useThemeStore(s => s.setPreference);
  const system = useSystemTheme();
  const next = nextThemePreference(preference);
  const shown = preference === 'system' ? `System (${resolveTheme(preference, system)})` : preferenceLabels[preference];
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      data-theme-preference={preference}
      title={`Theme: ${shown}. Click for ${preferenceLabels[next].toLowerCase()}.`}
      onClick={() => setPreference(next)}
    >
      <span aria-hidden="true">{preference === 'dark' ? '☾' : preference === 'light' ? '☀' : '◐'}</span> Theme: {shown}
    </button>
  );
}
