// The spacing of the picker's rebuilds while lists stream in: the minimum while a rebuild is cheap, and a rebuild's
// cost four times over when that is more, so rebuilding takes at most a fifth of the time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JoinCost } from './join-cost';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('JoinCost', () => {
  it('spaces rebuilds by the minimum while they are cheap, and by four times the last rebuild when it costs more', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const cost = new JoinCost();
    expect(cost.intervalMs(500)).toBe(500);
    expect(cost.timed('join', () => ((now += 50), 'joined'))).toBe('joined');
    cost.timed('sort', () => void (now += 60));
    expect(cost.intervalMs(500)).toBe(500); // 110 ms × 4 = 440
    // A part that runs again replaces its own last time only: 50 + 250 ms.
    cost.timed('sort', () => void (now += 250));
    expect(cost.intervalMs(500)).toBe(1_200);
    // Cheap again (nothing new to merge, say): back to the minimum.
    cost.timed('join', () => void (now += 1));
    cost.timed('sort', () => void (now += 2));
    expect(cost.intervalMs(500)).toBe(500);
  });

  it('keeps the time of a part that throws', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const cost = new JoinCost();
    expect(() =>
      cost.timed('sort', () => {
        now += 400;
        throw new Error('no order');
      })
    ).toThrow('no order');
    expect(cost.intervalMs(500)).toBe(1_600);
  });
});
