// Completion replies: at most 100 values, with the total number of matches and whether more exist.
import type { CompleteResult } from '@modelcontextprotocol/server';

const MAX_COMPLETION_VALUES = 100;

export function completionFrom(candidates: readonly string[], prefix: string): CompleteResult['completion'] {
  const p = prefix.toLowerCase();
  const matches = candidates.filter(c => c.toLowerCase().startsWith(p));
  return completionOf(matches.slice(0, MAX_COMPLETION_VALUES), matches.length);
}

export function completionOf(values: string[], total: number): CompleteResult['completion'] {
  return { values: values.slice(0, MAX_COMPLETION_VALUES), total, hasMore: total > Math.min(values.length, MAX_COMPLETION_VALUES) };
}

/**
 * Completion of a decimal index in [0, size) from a typed prefix, without enumerating the range: values come
 * out in numeric order of increasing length, and the total is counted arithmetically.
 */
export function completeIndex(prefix: string, size: number): CompleteResult['completion'] {
  if (prefix !== '' && !/^\d+$/.test(prefix)) return completionOf([], 0);
  if (size <= 0 || (prefix.length > 1 && prefix.startsWith('0'))) return completionOf([], 0);
  if (prefix === '') return completionOf(Array.from({ length: Math.min(size, MAX_COMPLETION_VALUES) }, (_, i) => String(i)), size);
  if (prefix === '0') return completionOf(['0'], 1);
  const values: string[] = [];
  let total = 0;
  for (let extra = 0; extra <= String(size - 1).length - prefix.length; extra++) {
    const lo = Number(prefix) * 10 ** extra;
    const hi = Math.min(size - 1, lo + 10 ** extra - 1);
    if (lo > hi) break;
    total += hi - lo + 1;
    for (let n = lo; n <= hi && values.length < MAX_COMPLETION_VALUES; n++) values.push(String(n));
  }
  return completionOf(values, total);
}
