// The picker's multi-selection as plain values: the selected items by resource key (in the order they were
// picked), the anchor a range starts from, and the selection the current range extends (`base`), so that
// Shift+click and Shift+Arrow grow or shrink one range without losing what Ctrl+click picked before it.
import type { ResourceItem } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';

export interface Selection {
  items: ReadonlyMap<string, ResourceItem>;
  /** Key of the row a range starts from (the last row clicked or toggled). */
  anchor: string | null;
  /** What was selected when the anchor was set: a range is added to it. */
  base: ReadonlyMap<string, ResourceItem>;
}

const none: ReadonlyMap<string, ResourceItem> = new Map();
export const emptySelection: Selection = { items: none, anchor: null, base: none };

/** Ctrl/⌘+click or Space: the item goes in or out, and becomes the anchor of the next range. */
export function toggleItem(selection: Selection, item: ResourceItem): Selection {
  const key = resourceKey(item);
  const items = new Map(selection.items);
  if (items.has(key)) items.delete(key);
  else items.set(key, item);
  return { items, anchor: key, base: items };
}

/** A new range starts at `item`, keeping everything selected so far (the old anchor is gone from the list). */
export function restartAt(selection: Selection, item: ResourceItem): Selection {
  return { items: selection.items, anchor: resourceKey(item), base: selection.items };
}

/** Shift+click or Shift+Arrow: the base plus every item from the anchor to the target (`range`, in row order). */
export function extendTo(selection: Selection, range: readonly ResourceItem[], anchorItem: ResourceItem): Selection {
  const items = new Map(selection.anchor === null ? none : selection.base);
  for (const item of range) items.set(resourceKey(item), item);
  const anchor = selection.anchor ?? resourceKey(anchorItem);
  return { items, anchor, base: selection.anchor === null ? none : selection.base };
}

/**
 * After a relist: the items still listed stay selected (with their fresh data), the ones gone are dropped.
 * `current` looks a key up in what is listed now; the same selection comes back when nothing changed.
 */
export function keepListed(selection: Selection, current: (key: string) => ResourceItem | undefined): Selection {
  let changed = false;
  const keep = (from: ReadonlyMap<string, ResourceItem>) => {
    const kept = new Map<string, ResourceItem>();
    for (const [key, item] of from) {
      const now = current(key);
      if (now) kept.set(key, now);
      if (now !== item) changed = true;
    }
    return kept;
  };
  const items = keep(selection.items);
  const base = keep(selection.base);
  if (!changed) return selection;
  const anchor = selection.anchor !== null && current(selection.anchor) ? selection.anchor : null;
  return { items, anchor, base };
}

/** The rows from `from` to `to` (either order), as items, in row order. */
export function rowRange(from: number, to: number, itemAt: (row: number) => ResourceItem): ResourceItem[] {
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  const range: ResourceItem[] = [];
  for (let row = lo; row <= hi; row++) range.push(itemAt(row));
  return range;
}
