import { describe, expect, it } from 'vitest';
import type { Annotations } from './contract';
import { annotationView, parseIsoDate } from './annotations';

describe('annotationView', () => {
  it('keeps valid values and reports none invalid', () => {
    expect(annotationView({ audience: ['user'], priority: 0, lastModified: '2026-03-04T05:06:07Z' }, undefined)).toEqual({
      audience: ['user'],
      priority: 0,
      lastModified: '2026-03-04T05:06:07Z',
      day: '2026-03-04',
      invalid: []
    });
  });

  it('shows what the engine reported as dropped', () => {
    const view = annotationView(undefined, [{ field: 'priority', raw: '7' }, { field: 'lastModified', raw: 'yesterday' }]);
    expect(view.priority).toBeUndefined();
    expect(view.invalid).toEqual([{ field: 'priority', raw: '7' }, { field: 'lastModified', raw: 'yesterday' }]);
  });

  it('finds invalid values that reached the page, once per field, and leaves them out', () => {
    const sent = { audience: ['user', 'robot'], priority: 'high', lastModified: 'yesterday' } as unknown as Annotations;
    const view = annotationView(sent, [{ field: 'priority', raw: '"high"' }]);
    expect(view).toEqual({
      audience: ['user'],
      invalid: [{ field: 'priority', raw: '"high"' }, { field: 'audience', raw: '["user","robot"]' }, { field: 'lastModified', raw: 'yesterday' }]
    });
    expect(annotationView({ priority: 7 }, undefined).invalid).toEqual([{ field: 'priority', raw: '7' }]);
    expect(annotationView({ priority: -0.5 }, undefined).invalid).toEqual([{ field: 'priority', raw: '-0.5' }]);
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['2025-01-12T15:00:58Z', Date.UTC(2025, 0, 12, 15, 0, 58)],
    ['2025-01-12T15:00:58.123+02:00', Date.UTC(2025, 0, 12, 13, 0, 58, 123)],
    ['2025-01-12T15:00Z', Date.UTC(2025, 0, 12, 15, 0)],
    ['2025-01-12T15:00:58-05:30', Date.UTC(2025, 0, 12, 20, 30, 58)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2025-01-12T15:00:58.123Z', Date.UTC(2025, 0, 12, 15, 0, 58, 123)]
  ])('reads %s', (text, ms) => {
    expect(parseIsoDate(text)).toBe(ms);
  });

  it.each([
    'March 7, 2024', // Date.parse reads it
    '2025-02-30', // Date.parse rolls it into March
    '2025-02-29T00:00:00Z',
    '2025-02-29T00:00:00.000Z', // toISOString's form, on a day that does not exist
    '2025-01-12T24:00:00Z', // Date.parse reads it as the next midnight
    '2025-01-12T15:00:58', // no zone: local time, not a moment
    '2025-01-12 15:00:58Z',
    '2025-01-12t15:00:58z',
    '2025-13-01',
    '2025-1-12',
    '20250112',
    '2025-01-12T15:00:58+0200',
    ' 2025-01-12',
    ''
  ])('refuses %j', text => {
    expect(parseIsoDate(text)).toBeNaN();
  });

  it('is what counts as a date in the annotation view too', () => {
    expect(annotationView({ lastModified: 'March 7, 2024' }, undefined).invalid).toEqual([{ field: 'lastModified', raw: 'March 7, 2024' }]);
  });
});
