// A clock for countdowns and ages: re-renders the caller every `intervalMs` while mounted.
//
// Every caller with the same interval reads one shared clock, so all of them tick in the same task and React
// renders them once. With a timer each, fifty servers' list badges ticked at fifty different moments of every
// second: fifty renders and fifty frames a second on a page where nothing else happened.
import { useCallback, useSyncExternalStore } from 'react';

interface Clock {
  /** Read by every render: it changes only when the clock ticks (or starts), as useSyncExternalStore needs. */
  now: number;
  listeners: Set<() => void>;
  /** Runs while anything listens. */
  timer?: ReturnType<typeof setInterval>;
}

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set() };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const clock = clockOf(intervalMs);
  clock.listeners.add(listener);
  if (clock.timer === undefined) {
    // A clock that stood still is behind: the first subscriber's check after mounting renders the time now.
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const tick of [...clock.listeners]) tick();
    }, intervalMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size > 0) return;
    clearInterval(clock.timer);
    clock.timer = undefined;
  };
}

export function useNow(intervalMs = 1000): number {
  const subscribeToClock = useCallback((listener: () => void) => subscribe(intervalMs, listener), [intervalMs]);
  const read = useCallback(() => clockOf(intervalMs).now, [intervalMs]);
  return useSyncExternalStore(subscribeToClock, read);
}
