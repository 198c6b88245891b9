// Test support (used by *.test.tsx only): fake timers from a fixed time for each test of a file, the rendered
// trees cleaned up and the real timers back after each.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export function withFakeClock(startsAt: number, beforeEachTest?: () => void): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: startsAt });
    beforeEachTest?.();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
