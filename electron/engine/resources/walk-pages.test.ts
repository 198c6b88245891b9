// The cursor walk's guards, driven by scripted page sources (pure logic: misbehaving servers are
// easier to describe as page scripts; the real-server walk is covered in engine.test.ts).
import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { walkPages } from './walk-pages';
import type { PageProgress, RawPage } from './walk-pages';

type Page = RawPage<number>;

function walk(fetchPage: (cursor: string | undefined) => Promise<Page>, extra: { maxItems?: number; signal?: AbortSignal } = {}) {
  const progress: PageProgress<number>[] = [];
  const promise = walkPages<number, number>({
    fetchPage,
    map: n => n,
    onPage: p => progress.push(p),
    signal: extra.signal ?? new AbortController().signal,
    maxItems: extra.maxItems ?? 1000
  });
  return { promise, progress };
}

const pagesOf = (count: number, size: number) => async (cursor: string | undefined): Promise<Page> => {
  const index = cursor === undefined ? 0 : Number(cursor);
  return { items: Array.from({ length: size }, (_, i) => index * size + i), ...(index + 1 < count && { nextCursor: String(index + 1) }) };
};

describe('walkPages', () => {
  it('walks every page and reports each with its own items', async () => {
    const { promise, progress } = walk(pagesOf(3, 2));
    expect(await promise).toEqual({ items: [0, 1, 2, 3, 4, 5], pages: 3 });
    expect(progress).toEqual([
      { page: 1, loaded: 2, items: [0, 1], raw: [0, 1], done: false },
      { page: 2, loaded: 4, items: [2, 3], raw: [2, 3], done: false },
      { page: 3, loaded: 6, items: [4, 5], raw: [4, 5], done: true }
    ]);
  });

  it('ends when a page repeats itself under the same cursor', async () => {
    const { promise, progress } = walk(async () => ({ items: [1], nextCursor: 'same' }));
    expect(await promise).toEqual({ items: [1], pages: 2 });
    expect(progress.at(-1)).toMatchObject({ done: true, items: [] });
  });

  it('fails on a cursor loop with new items each time', async () => {
    let n = 0;
    const { promise } = walk(async cursor => ({ items: [n++], nextCursor: cursor === 'a' ? 'b' : 'a' }));
    await expect(promise).rejects.toMatchObject({ error: { code: 'protocol', message: expect.stringMatching(/loops/) } });
  });

  it('stops at maxItems instead of growing without bound', async () => {
    let n = 0;
    const { promise } = walk(async () => ({ items: [1, 2, 3], nextCursor: `c${n++}` }), { maxItems: 10 });
    await expect(promise).rejects.toMatchObject({ error: { code: 'protocol', message: expect.stringMatching(/more than 10/) } });
  });

  it("stops once the items' text is over maxText, before reporting the page that crossed it", async () => {
    let n = 0;
    const progress: PageProgress<number>[] = [];
    // Each item weighs its own value in characters: pages of 100, 200, 300… until 1,000 is crossed.
    const promise = walkPages<number, number>({
      fetchPage: async () => ({ items: [++n * 100], nextCursor: `c${n}` }),
      map: v => v,
      weigh: v => v,
      maxText: 1_000,
      onPage: p => progress.push(p),
      signal: new AbortController().signal,
      maxItems: 1_000
    });
    await expect(promise).rejects.toMatchObject({ error: { code: 'too_large', message: expect.stringMatching(/more than 1000 characters/) } });
    // 100 + 200 + 300 + 400 = 1,000 is within; the fifth page (1,500) is not reported.
    expect(progress.map(p => p.items)).toEqual([[100], [200], [300], [400]]);
  });

  it('restarts from the first page when the server rejects a cursor (-32602)', async () => {
    let rejected = false;
    const source = pagesOf(3, 1);
    const { promise, progress } = walk(async cursor => {
      if (cursor === '2' && !rejected) {
        rejected = true;
        throw new ProtocolError(-32602, 'Invalid cursor');
      }
      return source(cursor);
    });
    expect(await promise).toEqual({ items: [0, 1, 2], pages: 3 });
    expect(progress.map(p => p.page)).toEqual([1, 2, 1, 2, 3]);
  });

  it('does not restart forever when the server keeps rejecting', async () => {
    const { promise } = walk(async cursor => {
      if (cursor) throw new ProtocolError(-32602, 'Invalid cursor');
      return { items: [1], nextCursor: 'x' };
    });
    await expect(promise).rejects.toBeInstanceOf(ProtocolError);
  });

  it('requests the next page before mapping and reporting the current one', async () => {
    const order: string[] = [];
    const source = pagesOf(3, 1);
    await walkPages<number, number>({
      fetchPage: async cursor => (order.push(`fetch ${cursor ?? 0}`), source(cursor)),
      map: n => (order.push(`map ${n}`), n),
      onPage: p => void order.push(`report ${p.page}`),
      signal: new AbortController().signal,
      maxItems: 100
    });
    expect(order).toEqual(['fetch 0', 'fetch 1', 'map 0', 'report 1', 'fetch 2', 'map 1', 'report 2', 'map 2', 'report 3']);
  });

  it('stops at maxItems before requesting the next page or mapping the page over the limit', async () => {
    let fetched = 0;
    let mapped = 0;
    const source = pagesOf(10, 3);
    const promise = walkPages<number, number>({
      fetchPage: cursor => (fetched++, source(cursor)),
      map: n => (mapped++, n),
      signal: new AbortController().signal,
      maxItems: 5
    });
    await expect(promise).rejects.toMatchObject({ error: { code: 'protocol' } });
    expect({ fetched, mapped }).toEqual({ fetched: 2, mapped: 3 });
  });

  it('collects nothing when told not to, but still reports every item', async () => {
    const progress: PageProgress<number>[] = [];
    const result = await walkPages<number, number>({
      fetchPage: pagesOf(3, 2),
      map: n => n,
      onPage: p => void progress.push(p),
      signal: new AbortController().signal,
      maxItems: 100,
      collect: false
    });
    expect(result).toEqual({ items: [], pages: 3 });
    expect(progress.flatMap(p => p.items)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(progress.at(-1)).toMatchObject({ loaded: 6, done: true });
  });

  it('stops between pages once cancelled', async () => {
    const controller = new AbortController();
    const source = pagesOf(100, 1);
    let fetched = 0;
    const { promise } = walk(
      async cursor => {
        if (++fetched === 3) controller.abort(new Error('stop'));
        return source(cursor);
      },
      { signal: controller.signal }
    );
    await expect(promise).rejects.toThrow('stop');
    expect(fetched).toBe(3);
  });
});
