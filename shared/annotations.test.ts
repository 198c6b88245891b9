import { describe, expect, it } from 'vitest';
import type { Annotations } from './contract';
import { annotationView, describeInvalidAnnotation } from './annotations';

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

  it('explains the spec rule in the badge title', () => {
    expect(describeInvalidAnnotation({ field: 'priority', raw: '7' })).toEqual({ label: 'invalid priority: 7', title: expect.stringContaining('a number from 0') });
    expect(describeInvalidAnnotation({ field: 'lastModified', raw: 'yesterday' })).toEqual({ label: 'invalid date', title: expect.stringContaining('ISO 8601') });
  });
});
