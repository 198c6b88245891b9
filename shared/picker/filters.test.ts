import { describe, expect, it } from 'vitest';
import { buildColumns } from './columns';
import { applyAnnotationFilter, defaultAnnotationFilter, parseDateBound, type AnnotationFilter } from './filters';
import { item } from '../../test-support/picker/items';

const items = [
  item('ref://user', {}, { audience: ['user'], priority: 0.9, lastModified: '2026-03-10T12:00:00Z' }),
  item('ref://assistant', {}, { audience: ['assistant'], priority: 0.2, lastModified: '2026-01-05T00:00:00Z' }),
  item('ref://both', {}, { audience: ['user', 'assistant'], priority: 0.5 }),
  item('ref://bare'),
  item('ref://odd', {}, { audience: [], priority: 7, lastModified: 'not a date' })
];
const columns = buildColumns(items);
const all = items.map((_, i) => i);

function run(patch: Partial<AnnotationFilter>) {
  const result = applyAnnotationFilter(columns, all, { ...defaultAnnotationFilter, ...patch });
  return { uris: Array.from(result.idxs, i => items[i].uri), hidden: result.hidden };
}

describe('applyAnnotationFilter', () => {
  it('keeps everything, and counts nothing hidden, when no filter is set', () => {
    const { uris, hidden } = run({});
    expect(uris).toHaveLength(items.length);
    expect(hidden.audience.hidden + hidden.priority.hidden + hidden.modified.hidden).toBe(0);
  });

  it('filters by audience and counts the items without an audience it hides', () => {
    const { uris, hidden } = run({ audience: { user: true, assistant: false, none: false } });
    expect(uris).toEqual(['ref://user', 'ref://both']);
    expect(hidden.audience).toEqual({ hidden: 3, unannotated: 2 });
  });

  it('admits items without an audience only when "no audience" is pressed', () => {
    expect(run({ audience: { user: false, assistant: false, none: true } }).uris).toEqual(['ref://bare', 'ref://odd']);
    expect(run({ audience: { user: false, assistant: true, none: true } }).uris).toEqual([
      'ref://assistant',
      'ref://both',
      'ref://bare',
      'ref://odd'
    ]);
  });

  it('filters by an inclusive priority range; out-of-range priorities count as missing', () => {
    const { uris, hidden } = run({ priorityMin: 0.5, priorityMax: 1 });
    expect(uris).toEqual(['ref://user', 'ref://both']);
    expect(hidden.priority).toEqual({ hidden: 3, unannotated: 2 });
    expect(run({ priorityMin: 0.5, keepNoPriority: true }).uris).toEqual(['ref://user', 'ref://both', 'ref://bare', 'ref://odd']);
  });

  it('filters by lastModified days (UTC, both ends inclusive)', () => {
    expect(run({ modifiedAfter: '2026-03-10' }).uris).toEqual(['ref://user']);
    expect(run({ modifiedBefore: '2026-01-05' }).uris).toEqual(['ref://assistant']);
    const { uris, hidden } = run({ modifiedAfter: '2026-01-01', modifiedBefore: '2026-12-31' });
    expect(uris).toEqual(['ref://user', 'ref://assistant']);
    expect(hidden.modified).toEqual({ hidden: 3, unannotated: 3 });
    expect(run({ modifiedAfter: '2026-02-01', keepNoModified: true }).uris).toEqual(['ref://user', 'ref://both', 'ref://bare', 'ref://odd']);
  });

  it('combines filters and counts each filter on its own', () => {
    const { uris, hidden } = run({ audience: { user: true, assistant: false, none: false }, priorityMin: 0.6 });
    expect(uris).toEqual(['ref://user']);
    expect(hidden.audience.hidden).toBe(3);
    expect(hidden.priority.hidden).toBe(4);
  });

  it('keeps the given order', () => {
    const reversed = [...all].reverse();
    const result = applyAnnotationFilter(columns, reversed, { ...defaultAnnotationFilter, priorityMin: 0.1 });
    expect(Array.from(result.idxs, i => items[i].uri)).toEqual(['ref://both', 'ref://assistant', 'ref://user']);
  });

  it('rejects an unparseable date bound with a clear error', () => {
    expect(() => run({ modifiedAfter: 'yesterday' })).toThrow(expect.objectContaining({ name: 'NotADateError', value: 'yesterday' }));
    expect(parseDateBound('2026-01-05', 'before')).toBe(Date.UTC(2026, 0, 6) - 1);
    expect(parseDateBound('2026-01-05T10:00:00Z', 'before')).toBe(Date.UTC(2026, 0, 5, 10));
  });
});
