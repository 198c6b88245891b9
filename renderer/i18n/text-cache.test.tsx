// @vitest-environment happy-dom
// The per-language text cache rows use for their badges: each text is made once per language, a language change
// gives the new language's texts (never the old ones from the cache), and the cache stays bounded.
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnnotationBadges } from '../features/annotations/AnnotationBadges';
import { annotationView } from '../../shared/annotations';
import { useCachedT, useTextCache } from './text-cache';

afterEach(async () => {
  vi.restoreAllMocks();
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

function Probe({ keys, made }: { keys: string[]; made: string[] }) {
  const text = useTextCache('annotations');
  return <span data-testid="probe">{keys.map(key => text(key, t => (made.push(key), t('priority.badge', { priority: Number(key) })))).join(' ')}</span>;
}

describe('useTextCache', () => {
  it('makes each text once per language, and anew in the next language', async () => {
    const made: string[] = [];
    const view = render(<Probe keys={['0.5', '0.25', '0.5']} made={made} />);
    view.rerender(<Probe keys={['0.25', '0.5']} made={made} />);
    expect(view.getByTestId('probe').textContent).toBe('P 0.25 P 0.50');
    // Another test in this file may have filled the English cache already: nothing was made twice either way.
    expect(made.filter(k => k === '0.5').length).toBeLessThanOrEqual(1);
    expect(made.filter(k => k === '0.25').length).toBeLessThanOrEqual(1);

    made.length = 0;
    await act(() => i18next.changeLanguage('zh-TW'));
    // The switch re-renders the probe with its keys of then (made in Chinese); this render finds them made.
    view.rerender(<Probe keys={['0.5']} made={made} />);
    expect(made.filter(k => k === '0.5')).toEqual(['0.5']);
    expect(view.getByTestId('probe').textContent).toBe(i18next.getFixedT('zh-TW', 'annotations')('priority.badge', { priority: 0.5 }));
  });

  it('starts over once it holds 4,096 texts, so all-distinct values cannot grow it without bound', () => {
    const made: string[] = [];
    const keys = Array.from({ length: 4_097 }, (_, k) => `distinct-${k}`);
    const view = render(<Probe keys={keys} made={made} />);
    expect(made).toHaveLength(4_097);
    made.length = 0;
    // The 4,097th made the cache start over: it alone is still there, the first is made again.
    view.rerender(<Probe keys={['distinct-4096', 'distinct-0']} made={made} />);
    expect(made).toEqual(['distinct-0']);
  });
});

describe('AnnotationBadges', () => {
  it('shows the badges in the language switched to', async () => {
    const view = annotationView({ priority: 0.5, audience: ['user'], lastModified: '2026-02-03T04:05:06Z' }, undefined);
    const badges = render(<AnnotationBadges view={view} />);
    const english = badges.container.querySelector<HTMLElement>('.badge--user')?.title;
    await act(() => i18next.changeLanguage('zh-TW'));
    const chinese = badges.container.querySelector<HTMLElement>('.badge--user')?.title;
    expect(chinese).toBe(i18next.getFixedT('zh-TW', 'annotations')('audience.user'));
    expect(chinese).not.toBe(english);
    expect(badges.container.querySelector<HTMLElement>('.badge--date')?.title).toBe(
      i18next.getFixedT('zh-TW', 'annotations')('lastModified', { date: new Date('2026-02-03T04:05:06Z') })
    );
  });
});

function Labels({ shown }: { shown: number }) {
  const t = useCachedT('picker');
  return (
    <span data-testid="labels">
      {t('search.label')}|{t('count', { shown, total: 10 })}
    </span>
  );
}

describe('useCachedT', () => {
  it('gives what t gives, looks a message without values up once per language, and follows a language change', async () => {
    // i18next's types leave out the store's lookup, which every message goes through.
    const store = i18next.services.resourceStore as unknown as { getResource(lng: string, ns: string, key: string): unknown };
    const lookup = vi.spyOn(store, 'getResource');
    const view = render(<Labels shown={1} />);
    const english = i18next.getFixedT('en', 'picker');
    expect(view.getByTestId('labels').textContent).toBe(`${english('search.label')}|${english('count', { shown: 1, total: 10 })}`);
    lookup.mockClear();
    for (let shown = 2; shown < 6; shown++) view.rerender(<Labels shown={shown} />);
    // Only the message with values was looked up again, on every render.
    const looked = lookup.mock.calls.map(([, , key]) => key);
    expect(looked).not.toContain('search.label');
    expect(looked.filter(key => String(key).startsWith('count')).length).toBeGreaterThanOrEqual(4);

    await act(() => i18next.changeLanguage('zh-CN'));
    const chinese = i18next.getFixedT('zh-CN', 'picker');
    expect(view.getByTestId('labels').textContent).toBe(`${chinese('search.label')}|${chinese('count', { shown: 5, total: 10 })}`);
  });
});
