// The theme preference's pure rules: resolution against the OS, the toggle's cycle, and what a stored
// value (possibly from an older version or edited by hand) becomes.
import { describe, expect, it } from 'vitest';
import { nextThemePreference, resolveTheme, storedThemePreference } from './theme-store';

describe('theme preference', () => {
  it('follows the OS only when set to system', () => {
    expect(resolveTheme('system', 'dark')).toBe('dark');
    expect(resolveTheme('system', 'light')).toBe('light');
    expect(resolveTheme('light', 'dark')).toBe('light');
    expect(resolveTheme('dark', 'light')).toBe('dark');
  });

  it('cycles system → light → dark → system', () => {
    expect(nextThemePreference('system')).toBe('light');
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('system');
  });

  it('reads back what was stored and falls back to system on anything else', () => {
    expect(storedThemePreference({ preference: 'dark' })).toBe('dark');
    expect(storedThemePreference({ preference: 'light' })).toBe('light');
    for (const bad of [undefined, null, 'dark', {}, { preference: 'sepia' }, { preference: 1 }]) expect(storedThemePreference(bad)).toBe('system');
  });
});
