// The size each pane had when it was last open (a percentage of its group), kept across launches, and expanding a
// collapsed pane to it. The library keeps that size in memory only, and its `expand()` does nothing when the
// restored collapsed size is not exactly its collapsed size (after a reload at another window size): the pane
// would stay shut. Here it always opens, to where it was, or to its default size.
import type { RefObject } from 'react';
import type { PanelImperativeHandle } from 'react-resizable-panels';
import * as z from 'zod';
import type { PaneId } from './Panes';

const STORAGE_KEY = 'mcprb.layout.expandedSizes';
const sizesSchema = z.record(z.string(), z.number().gt(0).lte(100));

function readSizes(): Partial<Record<PaneId, number>> {
  try {
    const parsed = sizesSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Called as a pane collapses, with the size it had open. */
export function rememberExpandedSize(id: PaneId, percentage: number): void {
  if (!(percentage > 0 && percentage <= 100)) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readSizes(), [id]: percentage }));
  } catch {
    // Storage full or refused: the pane re-opens at its default size instead.
  }
}

export function expandPane(panel: RefObject<PanelImperativeHandle | null>, id: PaneId, defaultSize: string): void {
  const handle = panel.current;
  if (!handle?.isCollapsed()) return;
  handle.expand();
  if (handle.isCollapsed()) handle.resize(`${readSizes()[id] ?? Number(defaultSize)}%`);
}
