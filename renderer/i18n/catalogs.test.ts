import { describe, expect, it } from 'vitest';
import { catalogs, english, languages } from './catalogs';
import { formatByteSize } from './format';

/** Every leaf key path of a catalog, e.g. `common:theme.light`. */
function keysOf(catalog: object): string[] {
  const walk = (node: unknown, prefix: string): string[] =>
    typeof node === 'string' ? [prefix] : Object.entries(node as Record<string, unknown>).flatMap(([key, child]) => walk(child, prefix ? `${prefix}.${key}` : key));
  return Object.entries(catalog).flatMap(([ns, messages]) => walk(messages, '').map(key => `${ns}:${key}`));
}

/** Chinese has one plural form: `x_other` stands for English's `x_one` and `x_other`. */
const pluralFree = (keys: string[]) => keys.filter(key => !key.endsWith('_one'));

describe('message catalogs', () => {
  const englishKeys = keysOf(english);

  it.each(languages.filter(l => l !== 'en'))('%s has exactly the keys English has (no missing, no left-over)', language => {
    expect(pluralFree(keysOf(catalogs[language])).sort()).toEqual(pluralFree(englishKeys).sort());
  });

  it.each(languages)('%s has no empty message and keeps every {{placeholder}} of English', language => {
    const lookup = (catalog: object, key: string) => {
      const [ns, path] = key.split(':');
      return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], (catalog as Record<string, unknown>)[ns]) as string;
    };
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map(m => m[1]).sort();
    for (const key of pluralFree(englishKeys)) {
      const message = lookup(catalogs[language], key);
      expect(message.trim(), key).not.toBe('');
      expect(placeholders(message), key).toEqual(placeholders(lookup(english, key)));
    }
  });
});

describe('formatByteSize', () => {
  it('uses binary steps, the language’s numbers and its unit names', () => {
    expect(formatByteSize(0, 'en')).toBe('0 B');
    expect(formatByteSize(1023, 'en')).toBe('1,023 B');
    expect(formatByteSize(1536, 'en')).toBe('1.5 kB');
    expect(formatByteSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatByteSize(5 * 1024 * 1024, 'zh-CN')).toMatch(/^5\s?MB$/);
    expect(formatByteSize(-1, 'en')).toBe('');
  });
});
