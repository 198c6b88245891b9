// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

afterEach(() => vi.restoreAllMocks());

describe('afterNextPaint', () => {
  it('runs once, in a task after the next frame', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('run'));
    requestAnimationFrame(() => order.push('frame'));
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(order).toEqual(['frame', 'run']));
    await new Promise(resolve => setTimeout(resolve, 150));
    expect(order).toEqual(['frame', 'run']);
  });

  it('runs without a frame when none comes (a hidden page), and never once cancelled', async () => {
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    const run = vi.fn();
    afterNextPaint(run);
    const cancelled = vi.fn();
    afterNextPaint(cancelled)();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1), { timeout: 1_000 });
    await new Promise(resolve => setTimeout(resolve, 150));
    expect(cancelled).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
