import { describe, expect, it } from 'vitest';
import { resolveLanguage, storedLanguagePreference, systemLanguage } from './language-store';

describe('the OS language list → a catalog language', () => {
  it.each([
    [['zh-TW'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-MO', 'en'], 'zh-TW'],
    [['zh'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['en-GB'], 'en'],
    [['fr-FR', 'zh-TW'], 'zh-TW'],
    [['fr-FR', 'de'], 'en'],
    [['not a tag', 'zh-CN'], 'zh-CN'],
    [[], 'en']
  ] as const)('%j → %s', (preferred, expected) => {
    expect(systemLanguage(preferred)).toBe(expected);
  });

  it('a fixed preference wins over the OS', () => {
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('system', ['zh-TW'])).toBe('zh-TW');
  });

  it('a stored value that is not a preference falls back to system', () => {
    expect(storedLanguagePreference({ preference: 'zh-TW' })).toBe('zh-TW');
    expect(storedLanguagePreference({ preference: 'klingon' })).toBe('system');
    expect(storedLanguagePreference(null)).toBe('system');
  });
});
