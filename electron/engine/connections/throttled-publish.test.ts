// The once-a-second state of a misbehaving server (stdout noise, answers to no request, the read budget's counts):
// the first change goes out at once, the rest at most once an interval with the state as it is then, and a reset
// (the state gone) makes the next change go out at once again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThrottledPublish } from './throttled-publish';

afterEach(() => void vi.useRealTimers());

describe('ThrottledPublish', () => {
  it('publishes the first change at once, then at most once an interval, and at once again after a reset', () => {
    vi.useFakeTimers();
    let value = 0;
    const published: number[] = [];
    const throttled = new ThrottledPublish(() => published.push(value), 1_000);
    value = 1;
    throttled.changed();
    expect(published).toEqual([1]);
    for (value = 2; value <= 50; value++) throttled.changed();
    expect(published).toEqual([1]);
    vi.advanceTimersByTime(1_000);
    // One publish for the 49 changes, with the state as it was then.
    expect(published).toEqual([1, 51]);
    throttled.changed();
    throttled.reset();
    vi.advanceTimersByTime(5_000);
    expect(published).toEqual([1, 51]);
    value = 7;
    throttled.changed();
    expect(published).toEqual([1, 51, 7]);
    throttled.dispose();
  });
});
