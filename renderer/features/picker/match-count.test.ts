import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { languages } from '../../i18n/catalogs';
import { countLine, countStandIns } from './match-count';

describe('countLine', () => {
  const i18n = initI18n('en');
  it.each(languages)('writes what i18next writes for the same numbers (%s)', language => {
    const t = i18n.getFixedT(language, 'picker');
    const template = t('count', countStandIns);
    for (const [shown, total] of [
      [0, 0],
      [7, 10_048],
      [1_234_567, 2_000_000]
    ]) {
      expect(countLine(template, shown, total, language)).toBe(t('count', { shown, total }));
    }
  });
});
