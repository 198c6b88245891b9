// The page's query notification scheduler, with fake timers: how many timer tasks the notifications take.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescingScheduler } from './query-client';

afterEach(() => vi.useRealTimers());

describe('coalescingScheduler', () => {
  it('runs what one task schedules in one later timer task, in order', () => {
    vi.useFakeTimers();
    const schedule = coalescingScheduler();
    const ran: number[] = [];
    for (let k = 0; k < 50; k++) schedule(() => ran.push(k));
    expect(ran).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual(Array.from({ length: 50 }, (_, k) => k));
    schedule(() => ran.push(50));
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    expect(ran.at(-1)).toBe(50);
  });

  it('still runs the rest when one throws, and reports the error in a task of its own', () => {
    vi.useFakeTimers();
    const schedule = coalescingScheduler();
    const ran: string[] = [];
    schedule(() => ran.push('first'));
    schedule(() => {
      throw new Error('a listener failed');
    });
    schedule(() => ran.push('third'));
    vi.runOnlyPendingTimers();
    expect(ran).toEqual(['first', 'third']);
    expect(() => vi.runOnlyPendingTimers()).toThrow('a listener failed');
  });
});
