import { describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { diffListings, diffTotals, mergeDiff } from './list-diff';
import { useListDiffStore } from './list-diff-store';
import { ArrayRows } from '../../../shared/picker/item-source';

const item = (n: number, serverId = 's'): ResourceItem => ({ serverId, uri: `ref://r/${n}`, name: `r${n}` }) as ResourceItem;
const items = (...ns: number[]) => ns.map(n => item(n));

describe('list diffs', () => {
  it('finds what a relist added and removed', () => {
    const { added, removed } = diffListings(items(1, 2, 3), items(2, 3, 4, 5, 6));
    expect(added.map(i => i.uri)).toEqual(['ref://r/4', 'ref://r/5', 'ref://r/6']);
    expect(removed.map(i => i.uri)).toEqual(['ref://r/1']);
  });

  it('adds up over relists; what came and went again cancels out; no change means no diff', () => {
    let shown = mergeDiff(undefined, diffListings(items(1, 2), items(2, 3)));
    expect(shown?.added).toBe(1);
    shown = mergeDiff(shown, diffListings(items(2, 3), items(2, 1)));
    // 3 came and went, 1 went and came: nothing left.
    expect(shown).toBeUndefined();
    expect(mergeDiff(undefined, diffListings(items(1), items(1)))).toBeUndefined();
  });

  it('totals over servers', () => {
    const a = mergeDiff(undefined, diffListings(items(1), items(2, 3)))!;
    const b = mergeDiff(undefined, diffListings([item(1, 'b')], []))!;
    const totals = diffTotals(new Map([['s', a], ['b', b]]));
    expect(totals.added).toBe(2);
    expect(totals.removed.map(i => i.serverId).sort()).toEqual(['b', 's']);
  });

  it('the store diffs each finished listing against the one before and drops the mark of seen rows', () => {
    const store = useListDiffStore.getState();
    store.listFinished('s', new ArrayRows(items(1, 2)));
    expect(useListDiffStore.getState().diffs.size).toBe(0);
    store.listFinished('s', new ArrayRows(items(2, 3, 4)));
    const diff = useListDiffStore.getState().diffs.get('s')!;
    expect([diff.added, diff.removed.length, diff.unseen.size]).toEqual([2, 1, 2]);
    store.seen([resourceKey(item(3))]);
    const after = useListDiffStore.getState().diffs.get('s')!;
    expect([...after.unseen]).toEqual([resourceKey(item(4))]);
    // Still counted in "+2 −1" until dismissed.
    expect(after.added).toBe(2);
    store.dismiss();
    expect(useListDiffStore.getState().diffs.size).toBe(0);
  });
});
