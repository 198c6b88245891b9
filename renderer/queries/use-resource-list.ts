// Resource lists per server, streamed page by page. While `resources.list` runs, its `listProgress` pages
// go into a sibling query (`listProgress`), so the picker shows items as they arrive; the finished call
// becomes the list query's data. The call is `streamOnly`: its items arrive once, in the events, and the
// reply only says how many there were (re-sending 100k items in the reply cost as much as a third of the
// listing). Cancelling the query cancels the engine request.
import { hashKey, queryOptions, skipToken, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { ClientMethodResult, EngineClient, ListResult, PackedListResult, ResourceItem, ServerId } from '../../shared/contract';
import { ResourceTable, type TableRows } from '../../shared/picker/resource-table';
import { useEngine } from '../app/engine-context';
import { queryKeys } from './keys';
import { usePerServerQueries } from './per-server-queries';

export interface ListProgress {
  requestId: string;
  page: number;
  /** The items streamed so far, held as columns (see resource-table.ts). */
  items: TableRows;
  /** How many items the engine has listed so far: those streamed, and those it holds back (`shownLastKnown`). */
  walked: number;
  done: boolean;
}

/** A server's list as the page holds it: its items as columns, not objects. */
export type ListedItems = Omit<ListResult<ResourceItem>, 'items'> & { items: TableRows };

/** `list` with its items in a table. */
export function listedItems(list: ListResult<ResourceItem>): ListedItems {
  return { ...list, items: ResourceTable.fromItems(list.serverId, list.items).rows() };
}

/** A packed list (`resources.lastKnown`) with its items in a table; a malformed pack throws `MalformedPackError`. */
function listedPacked(list: PackedListResult): ListedItems {
  const table = new ResourceTable(list.serverId);
  table.appendPacked(list.items);
  return { ...list, items: table.rows() };
}
let requestSeq = 0;

/**
 * How long streamed pages wait before the view gets them: each publish re-renders the picker, whose work
 * grows with the items shown, so a long listing repaints less often (250 ms at first, 650 ms at 100k).
 */
const publishIntervalMs = (loaded: number) => Math.min(1_000, 250 + loaded / 250);
/** Events and replies travel in order on both carriers; this only guards against a carrier that loses events. */
const catchUpMs = 2_000;

export async function streamList(
  engine: EngineClient,
  queryClient: QueryClient,
  serverId: ServerId,
  signal: AbortSignal
): Promise<ListedItems> {
  const requestId = `picker-list-${Date.now().toString(36)}-${++requestSeq}`;
  // On the page's timeline (devtools, and the picker benchmark times the listing from here); only the latest
  // is kept, since a list that changes often is listed again and again.
  performance.clearMarks('picker:list-start');
  performance.mark('picker:list-start', { detail: { serverId, requestId } });
  // Pages are appended in place; the view gets the rows so far at most every publishIntervalMs (a new view of
  // the same table: nothing is copied).
  let streamed = new ResourceTable(serverId);
  /** The last known list's rows, when the live list is the same (below): kept as the live list's. */
  let adopted: TableRows | undefined;
  let page = 0;
  let walked = 0;
  let streamedDone = false;
  let publishedAt = 0;
  const publish = () => {
    publishedAt = Date.now();
    queryClient.setQueryData<ListProgress>(queryKeys.listProgress(serverId), {
      requestId,
      page,
      items: adopted ?? streamed.rows(),
      walked,
      done: streamedDone
    });
  };
  publish();
  let caughtUp: (() => void) | undefined;
  const off = engine.on('listProgress', progress => {
    if (progress.requestId !== requestId) return;
    // Page 1 again means the engine restarted the walk (the server rejected a cursor): start over.
    if (progress.firstPage === 1 && streamed.length > 0) streamed = new ResourceTable(serverId);
    try {
      streamed.appendPacked(progress.items);
    } catch (err) {
      // Its items count as not arrived (none of them was appended): the finished call then asks for the whole list (below).
      console.warn(`[picker] dropped a malformed listProgress event for ${serverId}:`, err);
      return;
    }
    page = progress.page;
    walked = progress.loaded;
    streamedDone = progress.done;
    // The last page is published at once: a server's last known list gives way to the live one when that
    // shows every page, which need not wait for the reply, nor for the next publish.
    if (streamedDone || Date.now() - publishedAt >= publishIntervalMs(streamed.length)) publish();
    if (streamedDone) caughtUp?.();
  });
  const cancel = () => void engine.call('request.cancel', { requestId }).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const result = await engine.call('resources.list', { serverId, requestId, streamOnly: true, shownLastKnown: hasLastKnownList(queryClient, serverId) });
    const known = sameAsShownKnown(queryClient, result);
    if (known) {
      // No item was streamed: the live list is the last known one, whose rows (and the picker's columns, sort
      // and search index built from them) carry on as the live list's. Published as done before the last known
      // list is dropped below, as a streamed list's last page is, so no render shows the server without items.
      adopted = known.items;
      page = result.pages;
      walked = known.items.length;
      streamedDone = true;
      publish();
    }
    // A list the engine held back (the same as a last known one this page no longer holds) has no events to wait for.
    if (!streamedDone && result.sameAsLastKnown === undefined) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>(resolve => ((caughtUp = resolve), (timer = setTimeout(resolve, catchUpMs))));
      clearTimeout(timer);
    }
    // Keeping the streamed table (or the adopted rows) lets the picker's columns stay as built.
    // The live list replaces the last known one, which need not be kept beside it.
    queryClient.setQueryData(queryKeys.lastKnownList(serverId), null);
    const rows = adopted ?? streamed.rows();
    if (streamedDone && rows.length === result.streamed) return { ...result, items: rows };
    // Some pages never arrived: ask for the whole list in the reply (the engine serves it from its page cache).
    return listedItems(await engine.call('resources.list', { serverId }));
  } finally {
    off();
    signal.removeEventListener('abort', cancel);
    // What arrived before a cancel or failure stays visible.
    publish();
  }
}

/** Whether the page shows `serverId`'s last known list, or is about to (asked, not yet in). */
export function hasLastKnownList(queryClient: QueryClient, serverId: ServerId): boolean {
  const known = queryClient.getQueryState<ListedItems | null>(queryKeys.lastKnownList(serverId));
  if (!known) return false;
  // null: asked, and there is none.
  return known.data ? true : known.data === undefined && known.fetchStatus === 'fetching';
}

/** The shown last known list a `shownLastKnown` reply says the live list equals, if the page still holds that one. */
function sameAsShownKnown(queryClient: QueryClient, result: ListResult<ResourceItem>): ListedItems | undefined {
  if (result.sameAsLastKnown === undefined) return undefined;
  const known = queryClient.getQueryData<ListedItems | null>(queryKeys.lastKnownList(result.serverId));
  return known && known.cache.receivedAt === result.sameAsLastKnown && known.items.length === result.streamed ? known : undefined;
}

/** A server's list query, as the picker observes it and as the page's start asks it before the first render. */
export const resourceListQuery = (engine: EngineClient, queryClient: QueryClient, serverId: ServerId) =>
  queryOptions({
    queryKey: queryKeys.resourcesList(serverId),
    queryFn: ({ signal }) => streamList(engine, queryClient, serverId, signal)
  });

/** One list query per server, all run in parallel; a server's last list stays shown while it reconnects. */
export function useResourceLists(serverIds: readonly ServerId[], canList: (serverId: ServerId) => boolean) {
  const engine = useEngine();
  const queryClient = useQueryClient();
  const enabled = serverIds.map(canList);
  return usePerServerQueries(serverIds, enabled, [engine, queryClient], (serverId, k) => ({ ...resourceListQuery(engine, queryClient, serverId), enabled: enabled[k] }));
}

/**
 * A server's last known list from the engine's cache (`resources.lastKnown`: on a second launch, the lists of
 * the last run), asked once: the picker shows it, marked stale, until the live list is in, so a warm start shows
 * something before any server has connected. Its items come packed, as listProgress items do; a malformed pack
 * fails the query (no stale list: the live one follows). `ask`: how the reply is got (the first screen asks for
 * every server's at once and settles them together).
 */
export const lastKnownListQuery = (
  engine: EngineClient,
  serverId: ServerId,
  ask: () => Promise<ClientMethodResult<'resources.lastKnown'>> = () => engine.call('resources.lastKnown', { serverId })
) =>
  queryOptions({
    queryKey: queryKeys.lastKnownList(serverId),
    queryFn: async () => {
      const known = await ask();
      return known && listedPacked(known);
    },
    staleTime: Infinity
  });

/** Each server's last known list, asked while `wanted` (no live list yet). */
export function useLastKnownLists(serverIds: readonly ServerId[], wanted: (serverId: ServerId) => boolean) {
  const engine = useEngine();
  const enabled = serverIds.map(wanted);
  return usePerServerQueries(serverIds, enabled, [engine], (serverId, k) => ({ ...lastKnownListQuery(engine, serverId), enabled: enabled[k] }));
}

/** The streamed pages of each server's running (or last cancelled) list call. */
export function useListProgress(serverIds: readonly ServerId[]) {
  return usePerServerQueries<ListProgress, ReturnType<typeof queryKeys.listProgress>>(serverIds, [], [], serverId => ({
    queryKey: queryKeys.listProgress(serverId),
    queryFn: skipToken,
    staleTime: Infinity
  }));
}

/**
 * A server's list and its streamed pages, read without observing the list query. An observer of the list
 * query with no fetcher of its own (`skipToken`) would make its options the query's whenever it rendered
 * last, and a `list_changed` refetch would then fetch nothing.
 */
export function useListedItems(serverId: ServerId): { list?: ListedItems; progress?: ListProgress; failed: boolean } {
  const cache = useQueryClient().getQueryCache();
  const listHash = hashKey(queryKeys.resourcesList(serverId));
  const progressHash = hashKey(queryKeys.listProgress(serverId));
  // Woken by this server's two queries only. Woken by every event of the cache (each observer of every query
  // re-set on each picker render, each streamed page), fifty server cards read two queries each, by key, per
  // event: 1.6 s of the page's time while a warm start of fifty servers listed.
  const subscribe = useCallback(
    (listener: () => void) =>
      cache.subscribe(({ query }) => {
        if (query.queryHash === listHash || query.queryHash === progressHash) listener();
      }),
    [cache, listHash, progressHash]
  );
  const list = useSyncExternalStore(subscribe, () => cache.get<ListedItems>(listHash)?.state.data);
  const progress = useSyncExternalStore(subscribe, () => cache.get<ListProgress>(progressHash)?.state.data);
  // The last listing failed and none runs now (what it streamed before failing stays shown).
  const failed = useSyncExternalStore(subscribe, () => {
    const state = cache.get(listHash)?.state;
    return state?.status === 'error' && state.fetchStatus === 'idle';
  });
  return { list, progress, failed };
}
