// @vitest-environment happy-dom
// A row says what the picker knows about it: selected (aria-selected, and data-selected when picked into the
// multi-selection), pinned and newly added (visible marks and data attributes), and how a click picks it.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { item } from '../../../test-support/picker/items';
import { ResourceRow, type ResourceRowProps } from './ResourceRow';

afterEach(cleanup);

function row(props: Partial<ResourceRowProps>): HTMLElement {
  const base: ResourceRowProps = { item: item('ref://a'), row: 3, id: 'row-3', setSize: 9, active: false, selected: false, marked: false, pinned: false, fresh: false, query: '', top: 0, height: 40, onPick: () => undefined };
  const view = render(<ResourceRow {...base} {...props} />);
  const el = view.container.querySelector<HTMLElement>('[data-testid="resource-row"]');
  if (!el) throw new Error('no row');
  return el;
}

describe('ResourceRow marks', () => {
  it('a plain row carries no marks', () => {
    const el = row({});
    expect(el.getAttribute('aria-selected')).toBe('false');
    expect([el.dataset.selected, el.dataset.pinned, el.dataset.new]).toEqual([undefined, undefined, undefined]);
    expect(el.textContent).not.toMatch(/Pinned|New/);
  });

  it('a selected, pinned, new row says so to tests, to assistive technology and on screen', () => {
    const el = row({ selected: true, marked: true, pinned: true, fresh: true });
    expect(el.getAttribute('aria-selected')).toBe('true');
    expect([el.dataset.selected, el.dataset.pinned, el.dataset.new]).toEqual(['true', 'true', 'true']);
    expect(el.querySelector('.row-new')?.textContent).toBe('New');
    expect(el.querySelector('.row-pin')?.textContent).toBe('Pinned');
  });

  it('a click opens, Ctrl/⌘+click toggles, Shift+click selects a range', () => {
    const onPick = vi.fn();
    const el = row({ onPick });
    fireEvent.click(el);
    fireEvent.click(el, { ctrlKey: true });
    fireEvent.click(el, { metaKey: true });
    fireEvent.click(el, { shiftKey: true });
    expect(onPick.mock.calls).toEqual([[3, 'open'], [3, 'toggle'], [3, 'toggle'], [3, 'range']]);
  });
});
