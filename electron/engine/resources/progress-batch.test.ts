import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { batchProgress, type ProgressBatch } from './progress-batch';

const items = (from: number, n: number): ResourceItem[] => Array.from({ length: n }, (_, k) => ({ serverId: 's', uri: `ref://${from + k}`, name: `${from + k}` }));

describe('batchProgress', () => {
  let sent: ProgressBatch[];
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first page at once, groups later pages, and sends the last page with done', () => {
    const batcher = batchProgress(b => sent.push(b), 100);
    batcher.onPage({ page: 1, loaded: 2, items: items(0, 2), raw: [], done: false });
    expect(sent).toHaveLength(1);
    batcher.onPage({ page: 2, loaded: 4, items: items(2, 2), raw: [], done: false });
    batcher.onPage({ page: 3, loaded: 6, items: items(4, 2), raw: [], done: false });
    expect(sent).toHaveLength(1);
    batcher.onPage({ page: 4, loaded: 8, items: items(6, 2), raw: [], done: true });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ firstPage: 2, page: 4, loaded: 8, done: true });
    expect(sent.flatMap(b => b.items.map(i => i.uri))).toEqual(items(0, 8).map(i => i.uri));
  });

  it('sends pending pages after the interval even when no further page comes (a slow server)', () => {
    const batcher = batchProgress(b => sent.push(b), 100);
    batcher.onPage({ page: 1, loaded: 1, items: items(0, 1), raw: [], done: false });
    batcher.onPage({ page: 2, loaded: 2, items: items(1, 1), raw: [], done: false });
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ firstPage: 2, page: 2 });
  });

  it('sends a page at once when the interval has passed since the last batch', () => {
    const batcher = batchProgress(b => sent.push(b), 100);
    batcher.onPage({ page: 1, loaded: 1, items: items(0, 1), raw: [], done: false });
    vi.advanceTimersByTime(150);
    batcher.onPage({ page: 2, loaded: 2, items: items(1, 1), raw: [], done: false });
    expect(sent.map(b => b.page)).toEqual([1, 2]);
  });

  it('sends a batch at once when it holds the most items an event may carry, never splitting a page', () => {
    const batcher = batchProgress(b => sent.push(b), 100, 5);
    batcher.onPage({ page: 1, loaded: 2, items: items(0, 2), raw: [], done: false });
    batcher.onPage({ page: 2, loaded: 4, items: items(2, 2), raw: [], done: false });
    expect(sent).toHaveLength(1);
    batcher.onPage({ page: 3, loaded: 7, items: items(4, 3), raw: [], done: false });
    expect(sent.map(b => [b.firstPage, b.page, b.items.length])).toEqual([
      [1, 1, 2],
      [2, 3, 5]
    ]);
    batcher.onPage({ page: 4, loaded: 16, items: items(7, 9), raw: [], done: false });
    expect(sent.at(-1)).toMatchObject({ firstPage: 4, page: 4, loaded: 16 });
    expect(sent.at(-1)?.items).toHaveLength(9);
  });

  it('drops pending pages of a walk that restarted and starts the next batch at page 1', () => {
    const batcher = batchProgress(b => sent.push(b), 100);
    batcher.onPage({ page: 1, loaded: 1, items: items(0, 1), raw: [], done: false });
    batcher.onPage({ page: 2, loaded: 2, items: items(1, 1), raw: [], done: false });
    batcher.onPage({ page: 1, loaded: 1, items: items(100, 1), raw: [], done: false });
    expect(sent.map(b => [b.firstPage, b.items[0].uri])).toEqual([
      [1, 'ref://0'],
      [1, 'ref://100']
    ]);
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(2);
  });

  it('flush sends what is pending once (a failed or cancelled walk) and cancels the timer', () => {
    const batcher = batchProgress(b => sent.push(b), 100);
    batcher.onPage({ page: 1, loaded: 1, items: items(0, 1), raw: [], done: false });
    batcher.onPage({ page: 2, loaded: 2, items: items(1, 1), raw: [], done: false });
    batcher.flush();
    batcher.flush();
    vi.advanceTimersByTime(500);
    expect(sent.map(b => b.page)).toEqual([1, 2]);
  });
});
