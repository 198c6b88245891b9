// @vitest-environment happy-dom
// The badges' words come from the catalogs in the language shown: an invalid value's badge explains the spec's
// rule, and the date badge's title is the full timestamp through Intl for that language.
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationView } from '../../../shared/annotations';
import type { Annotations } from '../../../shared/contract';
import { AnnotationBadges } from './AnnotationBadges';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const show = (annotations: Annotations) => render(<AnnotationBadges view={annotationView(annotations, undefined)} />);

describe('AnnotationBadges', () => {
  it('explains an invalid value with the spec rule in the badge title', () => {
    show({ priority: 7, lastModified: 'yesterday' } as unknown as Annotations);
    const [priority, date] = screen.getAllByTestId('invalid-annotation');
    expect(priority.textContent).toBe('invalid priority: 7');
    expect(priority.title).toContain('a number from 0');
    expect(date.textContent).toBe('invalid date');
    expect(date.title).toContain('"yesterday"');
  });

  it('says the same in Traditional Chinese, with the date through Intl', async () => {
    await i18next.changeLanguage('zh-TW');
    show({ priority: 0.5, lastModified: '2026-01-02T03:04:05Z' });
    expect(document.querySelector('.badge--priority')?.getAttribute('title')).toBe('優先順序 0.5（0 最不重要，1 最重要）');
    const date = document.querySelector('.badge--date');
    expect(date?.textContent).toBe('2026-01-02');
    expect(date?.getAttribute('title')).toMatch(/^上次修改時間：2026年1月2日/);
  });
});
