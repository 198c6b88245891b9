// The rows of a fixed-height list that are in view, computed from the scroll offset alone. A general
// virtualizer (TanStack Virtual) lays out every row whenever the row count changes: a Map look-up and a size
// call per row on every streamed page and every keystroke that changes the matches, ~30 ms and a heap of
// garbage at a million rows. Here every row has one height except the few group headers, so a row's offset
// is arithmetic and the window costs the same at 10 rows and at a million.
import { useCallback, useEffect, useState, type RefObject } from 'react';

interface WindowRow {
  /** Virtual index: rows and group headers, in order. */
  index: number;
  start: number;
  size: number;
}

export interface RowLayout {
  count: number;
  rowHeight: number;
  headerHeight: number;
  /** Sorted virtual indices of the group headers. */
  headerIndices: readonly number[];
  overscan: number;
}

/** How many of the sorted `indices` are below `v`. */
function countBelow(indices: readonly number[], v: number): number {
  let lo = 0;
  let hi = indices.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (indices[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function startOf(layout: RowLayout, v: number): number {
  const headers = countBelow(layout.headerIndices, v);
  return (v - headers) * layout.rowHeight + headers * layout.headerHeight;
}

function sizeOf(layout: RowLayout, v: number): number {
  const h = countBelow(layout.headerIndices, v);
  return h < layout.headerIndices.length && layout.headerIndices[h] === v ? layout.headerHeight : layout.rowHeight;
}

/** The last virtual index that starts at or above `offset` (0 when none). */
function indexAt(layout: RowLayout, offset: number): number {
  let lo = 0;
  let hi = Math.max(0, layout.count - 1);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (startOf(layout, mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface RowWindow {
  totalSize: number;
  /** What to render: the rows in view plus the overscan. */
  rows: WindowRow[];
  /** The virtual indices in view, without the overscan (`endIndex` < `startIndex` when the list is empty). */
  inView: { startIndex: number; endIndex: number };
}

/** The rows to render for a viewport `height` tall scrolled to `top`, and the list's whole height. */
export function windowRows(layout: RowLayout, top: number, height: number): RowWindow {
  const { count, overscan } = layout;
  const totalSize = count === 0 ? 0 : startOf(layout, count - 1) + sizeOf(layout, count - 1);
  const rows: WindowRow[] = [];
  if (count === 0) return { totalSize, rows, inView: { startIndex: 0, endIndex: -1 } };
  // A list scrolled further than it now reaches (fewer matches) shows its last rows until the browser clamps.
  const clamped = Math.min(top, Math.max(0, totalSize - height));
  const startIndex = indexAt(layout, clamped);
  const endIndex = indexAt(layout, clamped + height);
  const first = Math.max(0, startIndex - overscan);
  const last = Math.min(count - 1, endIndex + overscan);
  for (let v = first; v <= last; v++) rows.push({ index: v, start: startOf(layout, v), size: sizeOf(layout, v) });
  return { totalSize, rows, inView: { startIndex, endIndex } };
}

export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, layout: RowLayout) {
  const [viewport, setViewport] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () =>
      setViewport(v => (v.top === element.scrollTop && v.height === element.clientHeight ? v : { top: element.scrollTop, height: element.clientHeight }));
    read();
    element.addEventListener('scroll', read, { passive: true });
    const resizes = new ResizeObserver(read);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resizes.disconnect();
    };
  }, [scrollRef]);

  const { count, rowHeight, headerHeight, headerIndices, overscan } = layout;
  const { totalSize, rows, inView } = windowRows(layout, viewport.top, viewport.height);

  /** Scrolls the least that brings virtual index `v` fully into view. */
  const scrollToIndex = useCallback(
    (v: number) => {
      const element = scrollRef.current;
      if (!element || v < 0 || v >= count) return;
      const at = { count, rowHeight, headerHeight, headerIndices, overscan };
      const start = startOf(at, v);
      const end = start + sizeOf(at, v);
      if (start < element.scrollTop) element.scrollTop = start;
      else if (end > element.scrollTop + element.clientHeight) element.scrollTop = end - element.clientHeight;
    },
    [scrollRef, count, rowHeight, headerHeight, headerIndices, overscan]
  );

  return { totalSize, rows, inView, scrollToIndex };
}
