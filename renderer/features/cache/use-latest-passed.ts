// A clock for what changes only at known moments (cache expiries): it re-renders its caller when one of the given
// times passes, and at no other time. Fifty list badges behind the picker's closed summary re-rendered every second
// though nobody could see them, and the summary line with them, though its counts change only when a list expires.
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** setTimeout's longest delay; a later time is waited for in several steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

function latestPassed(times: readonly number[], now: number): number {
  let latest = 0;
  for (const t of times) if (t <= now && t > latest) latest = t;
  return latest;
}

/**
 * The latest of `times` that has passed, or 0 while none has. Compared with any of `times` it answers as
 * `Date.now()` would, and it changes only when one of them passes: `effectiveState(cache, useLatestPassed([expiry]))`
 * turns stale at the expiry, with one render then.
 */
export function useLatestPassed(times: readonly number[]): number {
  const key = times.join(',');
  // By value: callers make a new array on every render.
  const stable = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        const now = Date.now();
        let next = Infinity;
        for (const t of stable) if (t > now && t < next) next = t;
        if (next === Infinity) return;
        timer = setTimeout(
          () => {
            onChange();
            arm();
          },
          Math.min(next - now, MAX_DELAY_MS)
        );
      };
      arm();
      return () => clearTimeout(timer);
    },
    [stable]
  );
  const read = useCallback(() => latestPassed(stable, Date.now()), [stable]);
  return useSyncExternalStore(subscribe, read);
}
