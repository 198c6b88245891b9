// Numbers, dates and sizes in messages: the same text Intl gives, and one Intl formatter per language and
// options however the message's other values change (i18next's own cache keys on all of them).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';

const i18n = initI18n('en');
const picker = i18n.getFixedT('en', 'picker');
const log = i18n.getFixedT('en', 'log');
const annotations = i18n.getFixedT('zh-TW', 'annotations');

afterEach(() => vi.restoreAllMocks());

describe('formatters', () => {
  it('format numbers, fixed digits and times as Intl does, in the language asked', () => {
    expect(picker('count', { shown: 1234, total: 100048 })).toBe('1,234 of 100,048 resources');
    expect(annotations('priority.badge', { priority: 0.5 })).toContain(new Intl.NumberFormat('zh-TW', { minimumFractionDigits: 2 }).format(0.5));
    const at = Date.UTC(2026, 11, 2, 1, 2, 3, 45);
    const clock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hourCycle: 'h23' }).format(at);
    expect(log('clock', { at })).toBe(clock);
  });

  it('build no new Intl formatter when only the values change', () => {
    picker('count', { shown: 1, total: 2 });
    log('clock', { at: 0 });
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    for (let shown = 0; shown < 200; shown++) {
      picker('count', { shown, total: 100_000 + shown });
      log('clock', { at: shown * 1000 });
    }
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
  });
});
