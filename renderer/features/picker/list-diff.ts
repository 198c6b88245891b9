// What a relist changed, per server: the resources that came (by resource key, until the user has seen
// them) and the ones that went (kept whole, so they can still be named after they left the list).
import type { ResourceItem, ServerId } from '../../../shared/contract';
import { rowsOf, type ItemSource } from '../../../shared/picker/item-source';
import { resourceKey } from '../../../shared/resource-key';

export interface ListDiff {
  /** Keys of the added items not seen yet (they lose their mark once seen). */
  unseen: ReadonlySet<string>;
  added: number;
  removed: readonly ResourceItem[];
}

/** The difference between two listings of one server (its URIs identify its items). */
export function diffListings(
  beforeItems: ItemSource | readonly ResourceItem[],
  afterItems: ItemSource | readonly ResourceItem[]
): { added: ResourceItem[]; removed: ResourceItem[] } {
  const before = Array.isArray(beforeItems) ? rowsOf(beforeItems) : (beforeItems as ItemSource);
  const after = Array.isArray(afterItems) ? rowsOf(afterItems) : (afterItems as ItemSource);
  const beforeUris = new Set<string>();
  for (let i = 0; i < before.length; i++) beforeUris.add(before.uriAt(i));
  const afterUris = new Set<string>();
  const added: ResourceItem[] = [];
  for (let i = 0; i < after.length; i++) {
    const uri = after.uriAt(i);
    afterUris.add(uri);
    if (!beforeUris.has(uri)) added.push(after.at(i));
  }
  const removed: ResourceItem[] = [];
  for (let i = 0; i < before.length; i++) if (!afterUris.has(before.uriAt(i))) removed.push(before.at(i));
  return { added, removed };
}

/** Adds one relist's changes to what is still shown for the server: a resource that came and went again cancels out. */
export function mergeDiff(shown: ListDiff | undefined, change: { added: ResourceItem[]; removed: ResourceItem[] }): ListDiff | undefined {
  const unseen = new Set(shown?.unseen);
  const removed = new Map((shown?.removed ?? []).map(item => [resourceKey(item), item]));
  let added = shown?.added ?? 0;
  for (const item of change.added) {
    const key = resourceKey(item);
    if (removed.delete(key)) continue;
    unseen.add(key);
    added++;
  }
  for (const item of change.removed) {
    const key = resourceKey(item);
    if (unseen.delete(key)) {
      added--;
      continue;
    }
    removed.set(key, item);
  }
  if (added === 0 && removed.size === 0) return undefined;
  return { unseen, added, removed: [...removed.values()] };
}

/** Totals over every server. */
export function diffTotals(diffs: ReadonlyMap<ServerId, ListDiff>): { added: number; removed: ResourceItem[] } {
  let added = 0;
  const removed: ResourceItem[] = [];
  for (const diff of diffs.values()) {
    added += diff.added;
    removed.push(...diff.removed);
  }
  return { added, removed };
}
