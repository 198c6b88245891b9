// Look-alike names: Cyrillic or Greek letters inside a Latin word are found; words in one script are left alone.
import { describe, expect, it } from 'vitest';
import { splitMixedScripts } from './mixed-scripts';

describe('splitMixedScripts', () => {
  it('finds a Cyrillic letter inside a Latin word, with its code point', () => {
    expect(splitMixedScripts('open p\u0430ypal.com now')).toEqual(['open p', { text: '\u0430', script: 'Cyrillic', codePoints: 'U+0430' }, 'ypal.com now']);
  });

  it('finds Greek letters too, and several runs in one word', () => {
    const parts = splitMixedScripts('g\u03bfogle-d\u03bfcs');
    expect(parts.filter(p => typeof p !== 'string')).toEqual([
      { text: '\u03bf', script: 'Greek', codePoints: 'U+03BF' },
      { text: '\u03bf', script: 'Greek', codePoints: 'U+03BF' }
    ]);
    expect(parts.map(p => (typeof p === 'string' ? p : p.text)).join('')).toBe('g\u03bfogle-d\u03bfcs');
  });

  it('leaves alone words wholly in one script, whatever it is, and text with only ASCII', () => {
    for (const text of ['\u041e\u0442\u0447\u0451\u0442 \u0437\u0430 \u043c\u0430\u0440\u0442', '\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac', 'report March \u041e\u0442\u0447\u0451\u0442', 'caf\u00e9 na\u00efve', 'plain ascii', '\u6771\u4eac tokyo']) {
      expect(splitMixedScripts(text)).toEqual([text]);
    }
  });
});
