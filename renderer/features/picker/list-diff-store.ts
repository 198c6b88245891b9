// The picker's "+3 −1": each resource list's last finished listing, and what the relists since then changed
// (list-diff.ts). Fed by the query cache (useFollowListDiffs), so the list's own data path does no extra work.
import { create } from 'zustand';
import type { ServerId } from '../../../shared/contract';
import type { ItemSource } from '../../../shared/picker/item-source';
import { diffListings, mergeDiff, type ListDiff } from './list-diff';

interface ListDiffState {
  diffs: ReadonlyMap<ServerId, ListDiff>;
  /** The items each server's diff is relative to (the last finished listing). */
  listed: ReadonlyMap<ServerId, ItemSource>;
  listFinished(serverId: ServerId, items: ItemSource): void;
  /** The rows with these keys were seen (in view long enough, or opened): they lose their "new" mark. */
  seen(keys: readonly string[]): void;
  dismiss(): void;
}

export const useListDiffStore = create<ListDiffState>()(set => ({
  diffs: new Map(),
  listed: new Map(),
  listFinished: (serverId, items) =>
    set(s => {
      const before = s.listed.get(serverId);
      if (before === items) return s;
      const listed = new Map(s.listed).set(serverId, items);
      if (!before) return { listed };
      const diffs = new Map(s.diffs);
      const merged = mergeDiff(diffs.get(serverId), diffListings(before, items));
      if (merged) diffs.set(serverId, merged);
      else diffs.delete(serverId);
      return { listed, diffs };
    }),
  seen: keys =>
    set(s => {
      let diffs: Map<ServerId, ListDiff> | undefined;
      for (const [serverId, diff] of s.diffs) {
        if (!keys.some(k => diff.unseen.has(k))) continue;
        const unseen = new Set(diff.unseen);
        for (const k of keys) unseen.delete(k);
        diffs ??= new Map(s.diffs);
        diffs.set(serverId, { ...diff, unseen });
      }
      return diffs ? { diffs } : s;
    }),
  dismiss: () => set({ diffs: new Map() })
}));
