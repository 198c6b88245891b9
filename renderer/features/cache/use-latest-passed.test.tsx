// @vitest-environment happy-dom
// The expiry clock: its caller renders when one of its times passes, at no other time, and reads the latest passed.
import { act, render } from '@testing-library/react';
import { withFakeClock } from '../../../test-support/renderer/fake-clock';
import { describe, expect, it, vi } from 'vitest';
import { useLatestPassed } from './use-latest-passed';

const renders: number[] = [];

function Latest({ times }: { times: readonly number[] }) {
  const latest = useLatestPassed(times);
  renders.push(latest);
  return <span data-testid="latest">{latest}</span>;
}

describe('useLatestPassed', () => {
  withFakeClock(1_000_000, () => (renders.length = 0));

  it('renders its caller once as each time passes, with the latest passed, and keeps no timer after the last', () => {
    const view = render(<Latest times={[1_003_000, 999_000, 1_001_000]} />);
    expect(view.getByTestId('latest').textContent).toBe('999000');
    renders.length = 0;
    act(() => vi.advanceTimersByTime(999));
    expect(renders).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(renders).toEqual([1_001_000]);
    act(() => vi.advanceTimersByTime(10_000));
    expect(renders).toEqual([1_001_000, 1_003_000]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is 0 while nothing has passed, follows new times given by value, and waits in steps for a time beyond setTimeout', () => {
    const far = 1_000_000 + 2 ** 31 + 5_000;
    const view = render(<Latest times={[far]} />);
    expect(view.getByTestId('latest').textContent).toBe('0');
    // The same times in a new array: nothing to do again.
    view.rerender(<Latest times={[far]} />);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(2 ** 31 - 1));
    expect(view.getByTestId('latest').textContent).toBe('0');
    act(() => vi.advanceTimersByTime(6_001));
    expect(view.getByTestId('latest').textContent).toBe(String(far));
    view.rerender(<Latest times={[far, 1_000_000 + 2 ** 31 + 20_000]} />);
    act(() => vi.advanceTimersByTime(14_000));
    expect(view.getByTestId('latest').textContent).toBe(String(1_000_000 + 2 ** 31 + 20_000));
  });
});
