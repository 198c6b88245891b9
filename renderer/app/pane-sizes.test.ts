// @vitest-environment happy-dom
// Re-opening a collapsed pane. The handle is a stand-in for react-resizable-panels' imperative handle, playing
// the case the library gets wrong (its expand() leaving a pane restored from storage shut); the real panes are
// exercised in e2e/layout.spec.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import type { PanelImperativeHandle } from 'react-resizable-panels';
import { expandPane, rememberExpandedSize } from './pane-sizes';

function handle({ expandWorks }: { expandWorks: boolean }) {
  const calls: string[] = [];
  let collapsed = true;
  const panel: PanelImperativeHandle = {
    collapse: () => {
      collapsed = true;
    },
    expand: () => {
      calls.push('expand');
      if (expandWorks) collapsed = false;
    },
    getSize: () => ({ asPercentage: collapsed ? 2 : 30, inPixels: collapsed ? 28 : 400 }),
    isCollapsed: () => collapsed,
    resize: size => {
      calls.push(`resize ${size}`);
      collapsed = false;
    }
  };
  return { ref: { current: panel }, calls };
}

beforeEach(() => localStorage.clear());

describe('expandPane', () => {
  it("leaves the library's expand() alone when it works", () => {
    const { ref, calls } = handle({ expandWorks: true });
    expandPane(ref, 'list', '31');
    expect(calls).toEqual(['expand']);
  });

  it('opens a pane expand() left shut to its remembered size, or to its default size', () => {
    const first = handle({ expandWorks: false });
    expandPane(first.ref, 'list', '31');
    expect(first.calls).toEqual(['expand', 'resize 31%']);
    rememberExpandedSize('list', 42.5);
    const second = handle({ expandWorks: false });
    expandPane(second.ref, 'list', '31');
    expect(second.calls).toEqual(['expand', 'resize 42.5%']);
  });

  it('ignores a hand-broken or out-of-range stored size', () => {
    rememberExpandedSize('tray', 250);
    localStorage.setItem('mcprb.layout.expandedSizes', '{"list": "wide"');
    const { ref, calls } = handle({ expandWorks: false });
    expandPane(ref, 'tray', '18');
    expect(calls).toEqual(['expand', 'resize 18%']);
  });

  it('does nothing to an open pane', () => {
    const { ref, calls } = handle({ expandWorks: true });
    ref.current.expand();
    calls.length = 0;
    expandPane(ref, 'list', '31');
    expect(calls).toEqual([]);
  });
});
