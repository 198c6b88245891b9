// @vitest-environment happy-dom
// A row's annotations: valid ones as badges and QA data attributes, invalid ones (reported by the engine,
// or still on the item) as "invalid" badges explaining the spec's rule, never as a priority or a date.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { item } from '../../../test-support/picker/items';
import { ResourceRow } from './ResourceRow';

afterEach(cleanup);

function row(it: ResourceItem): HTMLElement {
  const view = render(<ResourceRow item={it} row={0} id="row-0" setSize={1} active={false} selected={false} marked={false} pinned={false} fresh={false} query="" top={0} height={40} onPick={() => undefined} />);
  const el = view.container.querySelector<HTMLElement>('[data-testid="resource-row"]');
  if (!el) throw new Error('no row');
  return el;
}

const invalidBadges = (el: HTMLElement) =>
  Array.from(el.querySelectorAll<HTMLElement>('[data-testid="invalid-annotation"]'), b => ({ field: b.dataset.field, text: b.textContent, title: b.title }));

describe('ResourceRow annotations', () => {
  it('carries valid annotations as data attributes and badges, with no invalid marker', () => {
    const el = row(item('ref://a', {}, { audience: ['user', 'assistant'], priority: 0.25, lastModified: '2026-02-03T04:05:06Z' }));
    expect(el.dataset.priority).toBe('0.25');
    expect(el.dataset.audience).toBe('user,assistant');
    expect(el.dataset.lastModified).toBe('2026-02-03T04:05:06Z');
    expect(el.hasAttribute('data-invalid-annotations')).toBe(false);
    expect(el.querySelector('.badge--priority')?.textContent).toBe('P 0.25');
    expect(el.querySelector('.badge--date')?.textContent).toBe('2026-02-03');
    expect(invalidBadges(el)).toEqual([]);
  });

  it('shows what the engine dropped as invalid, with the spec rule as the title, and no priority or date', () => {
    const el = row(item('ref://annotations/priority-out-of-range', { invalidAnnotations: [{ field: 'priority', raw: '7' }, { field: 'lastModified', raw: 'yesterday' }] }));
    expect(el.dataset.invalidAnnotations).toBe('priority,lastModified');
    expect(el.hasAttribute('data-priority')).toBe(false);
    expect(el.hasAttribute('data-last-modified')).toBe(false);
    expect(el.querySelector('.badge--priority')).toBeNull();
    const badges = invalidBadges(el);
    expect(badges.map(b => [b.field, b.text])).toEqual([
      ['priority', 'invalid priority: 7'],
      ['lastModified', 'invalid date']
    ]);
    expect(badges[0].title).toMatch(/priority is a number from 0 .* to 1/);
    expect(badges[1].title).toMatch(/"yesterday".*ISO 8601/);
  });

  it('treats an invalid value still on the item the same way (absent from data-priority and data-last-modified)', () => {
    const el = row(item('ref://b', {}, { priority: 'high' as unknown as number, lastModified: 'yesterday', audience: ['user'] }));
    expect(el.dataset.invalidAnnotations).toBe('priority,lastModified');
    expect(el.hasAttribute('data-priority')).toBe(false);
    expect(el.hasAttribute('data-last-modified')).toBe(false);
    expect(el.dataset.audience).toBe('user');
    expect(invalidBadges(el).map(b => b.text)).toEqual(['invalid priority: high', 'invalid date']);
    expect(row(item('ref://c', {}, { priority: 7 })).dataset.priority).toBeUndefined();
  });
});
