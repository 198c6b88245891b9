// streamList against a stand-in engine client: the real engine never sends a malformed pack, so the only way
// to see what the picker does with one is to hand it one. Everything else here is the real code.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceTable } from '../../shared/picker/resource-table';
import { packResourceItems, type EngineClient, type EngineEvents, type ListResult, type ResourceItem } from '../../shared/contract';
import { itemsOf } from '../../shared/picker/item-source';
import { queryKeys } from './keys';
import { streamList, type ListedItems, type ListProgress } from './use-resource-list';

const items = (from: number, n: number): ResourceItem[] => Array.from({ length: n }, (_, k) => ({ serverId: 'ref', uri: `ref://${from + k}`, name: `${from + k}` }));
const cache = { state: 'miss' as const, receivedAt: 0 };
type Batch = Omit<EngineEvents['listProgress'], 'serverId' | 'requestId'>;

function engineSending(batches: Batch[], whole: ResourceItem[], sameAsLastKnown?: number) {
  const listeners = new Set<(payload: EngineEvents['listProgress']) => void>();
  const calls: unknown[] = [];
  const engine = {
    mode: 'browser',
    on: (_event: string, listener: (payload: EngineEvents['listProgress']) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    call: async (method: string, params: { requestId?: string; streamOnly?: boolean }) => {
      calls.push(params);
      if (method !== 'resources.list') throw new Error(`unexpected ${method}`);
      if (!params.streamOnly) return { serverId: 'ref', items: whole, pages: batches.length, cache } satisfies ListResult<ResourceItem>;
      for (const batch of batches) for (const listener of listeners) listener({ serverId: 'ref', requestId: params.requestId ?? '', ...batch });
      return { serverId: 'ref', items: [], pages: batches.length, cache, streamed: whole.length, ...(sameAsLastKnown !== undefined && { sameAsLastKnown }) } satisfies ListResult<ResourceItem>;
    }
  } as unknown as EngineClient;
  return { engine, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('streamList', () => {
  it('returns the streamed items, published to the progress query, without a second call', async () => {
    const all = items(0, 6);
    const { engine, calls } = engineSending(
      [
        { firstPage: 1, page: 1, loaded: 2, items: packResourceItems(all.slice(0, 2)), done: false },
        { firstPage: 2, page: 3, loaded: 6, items: packResourceItems(all.slice(2)), done: true }
      ],
      all
    );
    const queryClient = new QueryClient();
    const result = await streamList(engine, queryClient, 'ref', new AbortController().signal);
    expect(itemsOf(result.items)).toEqual(all);
    expect(calls).toHaveLength(1);
    expect(itemsOf(queryClient.getQueryData<ListProgress>(queryKeys.listProgress('ref'))!.items)).toEqual(all);
  });

  it('publishes the last page at once, before the reply, so a last known list gives way without waiting', async () => {
    const all = items(0, 4);
    const { engine } = engineSending(
      [
        { firstPage: 1, page: 1, loaded: 2, items: packResourceItems(all.slice(0, 2)), done: false },
        { firstPage: 2, page: 2, loaded: 4, items: packResourceItems(all.slice(2)), done: true }
      ],
      all
    );
    const queryClient = new QueryClient();
    let atLastPage: ListProgress | undefined;
    engine.on('listProgress', () => queueMicrotask(() => (atLastPage = queryClient.getQueryData<ListProgress>(queryKeys.listProgress('ref')))));
    await streamList(engine, queryClient, 'ref', new AbortController().signal);
    expect(atLastPage).toMatchObject({ done: true, page: 2 });
    expect(itemsOf(atLastPage!.items)).toEqual(all);
  });

  it('drops a malformed event with a warning and gets the whole list from the engine instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const all = items(0, 4);
    const { engine, calls } = engineSending(
      [
        { firstPage: 1, page: 1, loaded: 2, items: packResourceItems(all.slice(0, 2)), done: false },
        { firstPage: 2, page: 2, loaded: 4, items: { count: 2, shared: [], rows: ['broken'] }, done: false },
        { firstPage: 3, page: 3, loaded: 4, items: packResourceItems([]), done: true }
      ],
      all
    );
    const result = await streamList(engine, new QueryClient(), 'ref', new AbortController().signal);
    expect(itemsOf(result.items)).toEqual(all);
    expect(calls).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('malformed listProgress'), expect.anything());
  });

  /** A query client holding `items` as the shown last known list, received at `receivedAt`. */
  function showingLastKnown(items: ResourceItem[], receivedAt: number) {
    const queryClient = new QueryClient();
    const known: ListedItems = { serverId: 'ref', items: ResourceTable.fromItems('ref', items).rows(), pages: 1, cache: { state: 'stale', scope: 'public', receivedAt } };
    queryClient.setQueryData(queryKeys.lastKnownList('ref'), known);
    return { queryClient, known };
  }

  it('keeps the shown last known rows as the live list when the engine says the live list is that one', async () => {
    const all = items(0, 5);
    // The engine held every page back: its events carried the counts only.
    const counts: Batch[] = [
      { firstPage: 1, page: 1, loaded: 3, items: packResourceItems([]), done: false },
      { firstPage: 2, page: 2, loaded: 5, items: packResourceItems([]), done: false }
    ];
    const { engine, calls } = engineSending(counts, all, 1_000);
    const { queryClient, known } = showingLastKnown(all, 1_000);
    const result = await streamList(engine, queryClient, 'ref', new AbortController().signal);
    expect(calls).toEqual([expect.objectContaining({ streamOnly: true, shownLastKnown: true })]);
    // The very rows shown before, so the picker's columns built from them carry on (server-columns.ts).
    expect(result.items).toBe(known.items);
    expect(queryClient.getQueryData<ListProgress>(queryKeys.listProgress('ref'))).toMatchObject({ items: known.items, walked: 5, done: true });
    expect(queryClient.getQueryData(queryKeys.lastKnownList('ref'))).toBeNull();
  });

  it('asks for the whole list, without waiting for events, when the page holds another last known list than the one the live list equals', async () => {
    vi.useFakeTimers();
    try {
      const all = items(0, 5);
      const { engine, calls } = engineSending([], all, 2_000);
      const { queryClient } = showingLastKnown(all.slice(1), 1_000);
      // Fake timers: a wait for events that never come would never end.
      const result = await streamList(engine, queryClient, 'ref', new AbortController().signal);
      expect(itemsOf(result.items)).toEqual(all);
      expect(calls).toHaveLength(2);
      expect(calls[1]).not.toHaveProperty('streamOnly');
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the items the engine holds back as listed, though none of them came', async () => {
    const { queryClient } = showingLastKnown(items(0, 4), 1_000);
    const listeners = new Set<(payload: EngineEvents['listProgress']) => void>();
    const engine = {
      on: (_event: string, listener: (payload: EngineEvents['listProgress']) => void) => (listeners.add(listener), () => listeners.delete(listener)),
      call: async (_method: string, params: { requestId: string }) => {
        for (const listener of listeners) listener({ serverId: 'ref', requestId: params.requestId, firstPage: 1, page: 2, loaded: 4, items: packResourceItems([]), done: false });
        throw new Error('the server went away');
      }
    } as unknown as EngineClient;
    await expect(streamList(engine, queryClient, 'ref', new AbortController().signal)).rejects.toThrow('went away');
    expect(queryClient.getQueryData<ListProgress>(queryKeys.listProgress('ref'))).toMatchObject({ walked: 4, page: 2, done: false });
    expect(queryClient.getQueryData<ListProgress>(queryKeys.listProgress('ref'))?.items.length).toBe(0);
  });

  it('says no last known list is shown when the page has none', async () => {
    const all = items(0, 2);
    const { engine, calls } = engineSending([{ firstPage: 1, page: 1, loaded: 2, items: packResourceItems(all), done: true }], all);
    await streamList(engine, new QueryClient(), 'ref', new AbortController().signal);
    expect(calls).toEqual([expect.objectContaining({ shownLastKnown: false })]);
  });
});
