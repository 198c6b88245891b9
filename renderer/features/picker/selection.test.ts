import { describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { emptySelection, extendTo, keepListed, restartAt, rowRange, toggleItem } from './selection';

const item = (n: number, serverId = 's'): ResourceItem => ({ serverId, uri: `ref://r/${n}`, name: `r${n}` }) as ResourceItem;
const rows = Array.from({ length: 10 }, (_, n) => item(n));
const uris = (s: { items: ReadonlyMap<string, ResourceItem> }) => [...s.items.values()].map(i => i.uri);

describe('picker selection', () => {
  it('toggles items in and out and anchors on the last one toggled', () => {
    let s = toggleItem(emptySelection, rows[2]);
    s = toggleItem(s, rows[5]);
    expect(uris(s)).toEqual(['ref://r/2', 'ref://r/5']);
    expect(s.anchor).toBe(resourceKey(rows[5]));
    s = toggleItem(s, rows[2]);
    expect(uris(s)).toEqual(['ref://r/5']);
  });

  it('tells the same URI on two servers apart', () => {
    const s = toggleItem(toggleItem(emptySelection, item(1, 'a')), item(1, 'b'));
    expect(s.items.size).toBe(2);
  });

  it('a range replaces the previous range from the same anchor but keeps what was toggled before it', () => {
    let s = toggleItem(emptySelection, rows[0]);
    s = toggleItem(s, rows[4]);
    s = extendTo(s, rowRange(4, 7, r => rows[r]), rows[4]);
    expect(uris(s)).toEqual(['ref://r/0', 'ref://r/4', 'ref://r/5', 'ref://r/6', 'ref://r/7']);
    // Shrinking the range back towards the anchor drops 6 and 7 again; 0 stays.
    s = extendTo(s, rowRange(4, 5, r => rows[r]), rows[4]);
    expect(uris(s)).toEqual(['ref://r/0', 'ref://r/4', 'ref://r/5']);
    // Upwards from the anchor.
    s = extendTo(s, rowRange(4, 2, r => rows[r]), rows[4]);
    expect(uris(s).sort()).toEqual(['ref://r/0', 'ref://r/2', 'ref://r/3', 'ref://r/4']);
  });

  it('without an anchor a range starts at the given row and keeps nothing else', () => {
    const s = extendTo(emptySelection, rowRange(3, 1, r => rows[r]), rows[3]);
    expect(uris(s)).toEqual(['ref://r/1', 'ref://r/2', 'ref://r/3']);
    expect(s.anchor).toBe(resourceKey(rows[3]));
  });

  it('after a relist keeps the items still listed, with their new data, and drops the rest', () => {
    let s = toggleItem(toggleItem(emptySelection, rows[1]), rows[2]);
    const fresh = { ...rows[1], title: 'renamed' };
    s = keepListed(s, key => (key === resourceKey(rows[1]) ? fresh : undefined));
    expect([...s.items.values()]).toEqual([fresh]);
    expect(s.anchor).toBeNull();
    // Nothing changed: the very same selection (no re-render).
    expect(keepListed(s, () => fresh)).toBe(s);
  });
});

describe('restarting a range', () => {
  it('keeps what is selected and anchors the next range on the given item', () => {
    let s = toggleItem(emptySelection, rows[0]);
    s = restartAt(s, rows[5]);
    s = extendTo(s, rowRange(5, 6, r => rows[r]), rows[5]);
    expect(uris(s)).toEqual(['ref://r/0', 'ref://r/5', 'ref://r/6']);
  });
});
