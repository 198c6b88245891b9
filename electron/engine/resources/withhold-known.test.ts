// Live pages held back while they equal the shown last known list: as stored text page for page where both sides
// have it, else as the server sent them (the raw items beside the engine's own); the next stage records what
// reaches it.
import { describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { jsonParts } from '../json-parts';
import { toResourceItem } from './items';
import type { ProgressBatcher } from './progress-batch';
import type { PageProgress } from './walk-pages';
import { withholdWhileKnown, type ShownKnownList } from './withhold-known';

const raw = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({ uri: `ref://${from + k}`, name: `${from + k}`, annotations: { audience: ['user'], priority: 0.5 } }));

/** A page's result as the cache stores it: its items, and the cursor of the next page if any. */
const pageResult = (items: readonly unknown[], page: number, last: boolean) => ({ resources: items, ...(!last && { nextCursor: `c${page}` }) });

/** The last known list of `n` items, stored in pages of `size`; counts how often its items are parsed. */
function known(n: number, size = 4): ShownKnownList & { parsed: () => number } {
  const items = raw(0, n);
  const pageTexts: string[] = [];
  for (let at = 0; at < n || pageTexts.length === 0; at += size) pageTexts.push(JSON.stringify(pageResult(items.slice(at, at + size), pageTexts.length + 1, at + size >= n)));
  let parsed = 0;
  return { pageTexts, storedAt: 1_234, items: () => (parsed++, items), parsed: () => parsed };
}

/** The next stage: each page that reaches it as [page, items, done, loaded]. */
function recorder() {
  const seen: number[][] = [];
  const items: ResourceItem[] = [];
  let flushed = 0;
  const next: ProgressBatcher = {
    onPage: p => {
      seen.push([p.page, p.items.length, p.done ? 1 : 0, p.loaded]);
      items.push(...p.items);
    },
    flush: () => void flushed++
  };
  return { next, seen, items, flushed: () => flushed };
}

/**
 * The live walk's pages of `size` raw items each, mapped as the walk maps them; with `stored`, each with its text
 * as the cache stores it (`meta`: what else the server put in each page's result).
 */
function pages(items: Record<string, unknown>[], size: number, stored?: { meta?: Record<string, unknown> }): PageProgress<ResourceItem>[] {
  const out: PageProgress<ResourceItem>[] = [];
  for (let at = 0; at < items.length || out.length === 0; at += size) {
    const slice = items.slice(at, at + size);
    const done = at + size >= items.length;
    const result = { ...pageResult(slice, out.length + 1, done), ...stored?.meta };
    out.push({ page: out.length + 1, loaded: at + slice.length, items: slice.map(r => toResourceItem('ref', r)), raw: slice, ...(stored && { text: () => jsonParts(result, 3) }), done });
  }
  return out;
}

describe('withholdWhileKnown', () => {
  it('sends no item when every live page equals the last known list, only the counts, and says which list it equals', () => {
    const { next, seen } = recorder();
    const withheld = withholdWhileKnown('ref', known(10), next);
    for (const page of pages(raw(0, 10), 4)) withheld.onPage(page);
    // Never done: the page would take the empty pages for the whole live list.
    expect(seen).toEqual([
      [1, 0, 0, 4],
      [2, 0, 0, 8],
      [3, 0, 0, 10]
    ]);
    expect(withheld.sameAsKnown()).toBe(1_234);
  });

  it('compares pages stored as text with the last known pages as text, parsing neither', () => {
    const { next, seen } = recorder();
    const list = known(10);
    const withheld = withholdWhileKnown('ref', list, next);
    for (const page of pages(raw(0, 10), 4, {})) withheld.onPage(page);
    expect(seen).toEqual([
      [1, 0, 0, 4],
      [2, 0, 0, 8],
      [3, 0, 0, 10]
    ]);
    expect(withheld.sameAsKnown()).toBe(1_234);
    expect(list.parsed()).toBe(0);
  });

  it('compares item by item where the text differs but not the items (a page result with more than its items)', () => {
    const { next, seen } = recorder();
    const list = known(8);
    const withheld = withholdWhileKnown('ref', list, next);
    for (const page of pages(raw(0, 8), 4, { meta: { _meta: { servedAt: 'now' } } })) withheld.onPage(page);
    expect(seen).toEqual([
      [1, 0, 0, 4],
      [2, 0, 0, 8]
    ]);
    expect(withheld.sameAsKnown()).toBe(1_234);
    expect(list.parsed()).toBeGreaterThan(0);
  });

  it('finds a changed item by text as it does by items, and sends the live list', () => {
    const { next, items } = recorder();
    const withheld = withholdWhileKnown('ref', known(8), next);
    const live = raw(0, 8);
    live[6] = { ...live[6], name: 'renamed' };
    const walk = pages(live, 4, {});
    for (const page of walk) withheld.onPage(page);
    expect(withheld.sameAsKnown()).toBeUndefined();
    expect(items).toEqual(walk.flatMap(page => page.items));
  });

  it('does not take pages cut differently for the same list (the text of each differs), nor a shorter list', () => {
    const regrouped = recorder();
    const inFours = known(8, 4);
    const withRegrouped = withholdWhileKnown('ref', inFours, regrouped.next);
    for (const page of pages(raw(0, 8), 2, {})) withRegrouped.onPage(page);
    // Compared item by item instead (the known items parsed): the same items.
    expect(inFours.parsed()).toBeGreaterThan(0);
    expect(withRegrouped.sameAsKnown()).toBe(1_234);

    const shorter = recorder();
    const withShorter = withholdWhileKnown('ref', known(8), shorter.next);
    for (const page of pages(raw(0, 4), 4, {})) withShorter.onPage(page);
    expect(withShorter.sameAsKnown()).toBeUndefined();
    expect(shorter.items).toHaveLength(4);
  });

  it('sends the held pages in order at the first page that differs, then streams the rest', () => {
    const { next, seen, items } = recorder();
    const withheld = withholdWhileKnown('ref', known(12), next);
    const live = raw(0, 12);
    live[5] = { ...live[5], annotations: { audience: ['user'], priority: 0.75 } };
    const walk = pages(live, 4);
    withheld.onPage(walk[0]);
    expect(seen).toEqual([[1, 0, 0, 4]]);
    withheld.onPage(walk[1]);
    // The held page again with its items, from page 1 (a walk starting over, for the page), then the one that differs.
    expect(seen.slice(1)).toEqual([
      [1, 4, 0, 4],
      [2, 4, 0, 8]
    ]);
    withheld.onPage(walk[2]);
    expect(seen.slice(3)).toEqual([[3, 4, 1, 12]]);
    expect(withheld.sameAsKnown()).toBeUndefined();
    // The held page's items, made again from the last known list, are the live ones: the page gets the live list.
    expect(items).toEqual(walk.flatMap(page => page.items));
  });

  it('compares what the server sent: a field the engine’s items leave out still makes a page differ', () => {
    const { next, seen } = recorder();
    const withheld = withholdWhileKnown('ref', known(4), next);
    const live = raw(0, 4).map((r, k) => (k === 2 ? { ...r, _meta: { note: 'changed' } } : r));
    for (const page of pages(live, 4)) withheld.onPage(page);
    expect(seen).toEqual([[1, 4, 1, 4]]);
    expect(withheld.sameAsKnown()).toBeUndefined();
  });

  it('is not the same list when the live one is longer or shorter', () => {
    const longer = recorder();
    const withLonger = withholdWhileKnown('ref', known(8), longer.next);
    for (const page of pages(raw(0, 9), 4)) withLonger.onPage(page);
    const itemsSent = (seen: number[][]) => seen.reduce((sum, [, items]) => sum + items, 0);
    expect(itemsSent(longer.seen)).toBe(9);
    expect(longer.seen.at(-1)).toEqual([3, 1, 1, 9]);
    expect(withLonger.sameAsKnown()).toBeUndefined();

    const shorter = recorder();
    const withShorter = withholdWhileKnown('ref', known(8), shorter.next);
    for (const page of pages(raw(0, 7), 4)) withShorter.onPage(page);
    expect(itemsSent(shorter.seen)).toBe(7);
    expect(shorter.seen.at(-1)).toEqual([2, 3, 1, 7]);
    expect(withShorter.sameAsKnown()).toBeUndefined();
  });

  it('compares a restarted walk from its first page again', () => {
    const { next, seen } = recorder();
    const withheld = withholdWhileKnown('ref', known(8), next);
    const walk = pages(raw(0, 8), 4);
    withheld.onPage(walk[0]);
    // The server rejected the next cursor: the walk starts over and lists the same items.
    for (const page of walk) withheld.onPage(page);
    expect(seen.every(([, items, done]) => items === 0 && done === 0)).toBe(true);
    expect(withheld.sameAsKnown()).toBe(1_234);
  });

  it('matches an empty list to an empty last known list, and keeps held pages held when the walk stops', () => {
    const empty = recorder();
    const withEmpty = withholdWhileKnown('ref', known(0), empty.next);
    withEmpty.onPage({ page: 1, loaded: 0, items: [], raw: [], done: true });
    expect(withEmpty.sameAsKnown()).toBe(1_234);

    const stopped = recorder();
    const withStopped = withholdWhileKnown('ref', known(8), stopped.next);
    withStopped.onPage(pages(raw(0, 8), 4)[0]);
    withStopped.flush();
    expect(stopped.flushed()).toBe(1);
    expect(stopped.seen).toEqual([[1, 0, 0, 4]]);
    expect(withStopped.sameAsKnown()).toBeUndefined();
  });
});
