import { useEffect, useRef, useState } from 'react';

/**
 * `value`, but changing at most once per `intervalMs` while it keeps changing (a list streaming in), and
 * at once when `immediate` is true (the stream finished). Rebuilding the picker's sort on every page of a
 * 100,000-item list would cost more than the listing itself.
 */
export function useThrottled<T>(value: T, intervalMs: number, immediate: boolean): T {
  const [shown, setShown] = useState(value);
  const lastAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = immediate ? 0 : Math.max(0, lastAt.current + intervalMs - Date.now());
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs, immediate]);
  return immediate ? value : shown;
}
