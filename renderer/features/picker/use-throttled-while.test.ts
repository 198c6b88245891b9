// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useThrottledWhile } from './use-throttled-while';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useThrottledWhile', () => {
  it('passes every value through at once while not busy', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledWhile(value, false, 500), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    expect(result.current).toBe(2);
    rerender({ value: 3 });
    expect(result.current).toBe(3);
  });

  it('while busy, publishes at most once per interval: the last value of each, at its end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { result, rerender } = renderHook(({ value, busy }) => useThrottledWhile(value, busy, 500), { initialProps: { value: 1, busy: true } });
    // The first change after a quiet spell goes out in the next task.
    rerender({ value: 2, busy: true });
    expect(result.current).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(2);
    // Within the interval: held, and only the last one is published when it ends.
    rerender({ value: 3, busy: true });
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ value: 4, busy: true });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current).toBe(4);
  });

  it('shows the latest value as soon as it is no longer busy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { result, rerender } = renderHook(({ value, busy }) => useThrottledWhile(value, busy, 500), { initialProps: { value: 1, busy: true } });
    rerender({ value: 2, busy: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    rerender({ value: 3, busy: true });
    expect(result.current).toBe(2);
    rerender({ value: 3, busy: false });
    expect(result.current).toBe(3);
  });

  it('lets an urgent change through at once, busy or not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const tens = (next: number, shown: number) => Math.floor(next / 10) !== Math.floor(shown / 10);
    const { result, rerender } = renderHook(({ value }) => useThrottledWhile(value, true, 500, tens), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    rerender({ value: 3 });
    expect(result.current).toBe(2);
    rerender({ value: 13 });
    expect(result.current).toBe(13);
  });
});
