// A clock for countdowns and ages: re-renders the caller every `intervalMs` while mounted and the page is shown.
//
// Every caller with the same interval reads one shared clock, so all of them tick in the same task and React
// renders them once. With a timer each, fifty servers' list badges ticked at fifty different moments of every
// second: fifty renders and fifty frames a second on a page where nothing else happened.
//
// The clock stands still while the page is hidden (a minimised window, a background tab). Fifty list badges cost
// ~6 ms of script a tick, and GC, layout and paint after it (a profile of an idle page with fifty servers): a
// window left open behind others paid that every second for text nobody could see. Shown again, it ticks at once.
import { useCallback, useSyncExternalStore } from 'react';

interface Clock {
  /** Read by every render: it changes only when the clock ticks (or starts), as useSyncExternalStore needs. */
  now: number;
  listeners: Set<() => void>;
  /** Runs while anything listens and the page is shown. */
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

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

function tick(clock: Clock): void {
  clock.now = Date.now();
  for (const listener of [...clock.listeners]) listener();
}

function start(clock: Clock, intervalMs: number): void {
  if (clock.timer !== undefined || clock.listeners.size === 0 || hidden()) return;
  clock.timer = setInterval(() => tick(clock), intervalMs);
}

function stop(clock: Clock): void {
  clearInterval(clock.timer);
  clock.timer = undefined;
}

function onVisibilityChange(): void {
  for (const [intervalMs, clock] of clocks) {
    if (hidden()) {
      stop(clock);
    } else if (clock.timer === undefined && clock.listeners.size > 0) {
      tick(clock); // what was shown when the page was hidden is out of date
      start(clock, intervalMs);
    }
  }
}

if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibilityChange);

function subscribe(intervalMs: number, listener: () => void): () => void {
  const clock = clockOf(intervalMs);
  // A clock that stood still is behind: the first subscriber's check after mounting renders the time now.
  if (clock.listeners.size === 0) clock.now = Date.now();
  clock.listeners.add(listener);
  start(clock, intervalMs);
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) stop(clock);
  };
}

const noSubscription = () => () => undefined;
const never = () => 0;

/** The time, ticking every `intervalMs`; `null`: no clock (0, never changing), for a caller that shows no time now. */
export function useNow(intervalMs: number | null = 1000): number {
  const subscribeToClock = useCallback((listener: () => void) => (intervalMs === null ? noSubscription() : subscribe(intervalMs, listener)), [intervalMs]);
  const read = useCallback(() => (intervalMs === null ? never() : clockOf(intervalMs).now), [intervalMs]);
  return useSyncExternalStore(subscribeToClock, read);
}
