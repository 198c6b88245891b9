// @vitest-environment happy-dom
// The shared clock: many callers run one timer and tick in the same task (one render for all of them, not one
// each), a late caller reads the time now rather than the clock's last tick, the timer stops with the last one, and
// it stands still while the page is hidden.
import { act, render } from '@testing-library/react';
import { withFakeClock } from '../../../test-support/renderer/fake-clock';
import { describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

const renders: number[] = [];

function Clock({ id }: { id: number }) {
  const now = useNow();
  renders.push(id);
  return <span data-testid={`clock-${id}`}>{now}</span>;
}

function Clocks({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, id) => (
        <Clock key={id} id={id} />
      ))}
    </>
  );
}

describe('useNow', () => {
  withFakeClock(1_000_000, () => (renders.length = 0));

  it('runs one timer for every caller, and they all tick together', () => {
    const view = render(<Clocks count={50} />);
    expect(vi.getTimerCount()).toBe(1);
    renders.length = 0;
    act(() => vi.advanceTimersByTime(1_000));
    expect(renders).toHaveLength(50);
    const shown = new Set(Array.from({ length: 50 }, (_, id) => view.getByTestId(`clock-${id}`).textContent));
    expect([...shown]).toEqual([String(1_001_000)]);
  });

  it('shows a caller that mounts after a pause the time now, and stops the timer with the last caller', () => {
    const first = render(<Clock id={0} />);
    first.unmount();
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    const late = render(<Clock id={1} />);
    expect(late.getByTestId('clock-1').textContent).toBe(String(1_060_000));
    expect(vi.getTimerCount()).toBe(1);
    late.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stands still while the page is hidden, and shows the time now as soon as it is shown again', () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (next: DocumentVisibilityState) => {
      visibility = next;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    const view = render(<Clocks count={3} />);
    setVisibility('hidden');
    expect(vi.getTimerCount()).toBe(0);
    renders.length = 0;
    act(() => vi.advanceTimersByTime(30_000));
    expect(renders).toHaveLength(0);
    setVisibility('visible');
    expect(renders).toHaveLength(3);
    expect(view.getByTestId('clock-0').textContent).toBe(String(1_030_000));
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(view.getByTestId('clock-2').textContent).toBe(String(1_031_000));
  });

  it('runs no clock for a caller that shows no time (null), and starts one when it does again', () => {
    function Maybe({ ticking }: { ticking: boolean }) {
      return <span data-testid="maybe">{useNow(ticking ? 1000 : null)}</span>;
    }
    const view = render(<Maybe ticking={false} />);
    expect(view.getByTestId('maybe').textContent).toBe('0');
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5_000));
    view.rerender(<Maybe ticking />);
    expect(view.getByTestId('maybe').textContent).toBe(String(1_005_000));
    expect(vi.getTimerCount()).toBe(1);
  });
});
