// A value that, while `busy`, changes at most once per interval: the last change of each interval is published at
// its end, and nothing in between. The picker's lists while many servers start and list at once: every server's
// page would rebuild the joined columns, the sort and the search over all of them, and on two cores that work is
// taken from the servers still booting. Not busy, the value passes through as it is, in the same render.
import { useEffect, useRef, useState } from 'react';

/** `urgent(next, shown)`: a change that must not wait (it passes through at once, busy or not). */
export function useThrottledWhile<T>(value: T, busy: boolean, intervalMs: number, urgent?: (next: T, shown: T) => boolean): T {
  const [published, setPublished] = useState(value);
  const publishedAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, published)) return;
    const publish = () => {
      publishedAt.current = performance.now();
      setPublished(value);
    };
    const wait = busy && !urgent?.(value, published) ? publishedAt.current + intervalMs - performance.now() : 0;
    if (wait <= 0) {
      // At once: not busy (the value is already shown, this only records it), or the interval has passed.
      const timer = setTimeout(publish, 0);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(publish, wait);
    return () => clearTimeout(timer);
  }, [value, published, busy, intervalMs, urgent]);
  return busy && !urgent?.(value, published) ? published : value;
}
