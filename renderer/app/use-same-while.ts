// Keeping a render's value while the next one says the same thing, so memos and effects keyed on it hold.
import { useRef } from 'react';

/** Same length, and the same values at every index. */
export const sameElements = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((v, k) => v === b[k]);

/**
 * The value of the last render while `same` says the new one shows nothing else, so memoized parts skip it.
 * A render-time cache on purpose: it only ever swaps in an equal-or-newer value, so a discarded render does no harm.
 */
export function useSameWhile<T>(next: T, same: (a: T, b: T) => boolean): T {
  const ref = useRef(next);
  /* eslint-disable react-hooks/refs */
  if (!same(ref.current, next)) ref.current = next;
  return ref.current;
  /* eslint-enable react-hooks/refs */
}
