// Everything the picker shows, derived from server data (lists per server) and UI state (search, filters,
// sort, grouping): one ordered list of item indices over the columns of all shown servers.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppError, CacheInfo, ResourceItem, ServerId } from '../../../shared/contract';
import { concatColumns, extendColumns, type PickerColumns } from '../../../shared/picker/columns';
import { annotationTest, applyAnnotationFilter, NotADateError, type HiddenCounts } from '../../../shared/picker/filters';
import { SearchSession } from '../../../shared/search/search';
import { firstResults, prepareFirstResults } from '../../../shared/search/search-first';
import { buildSortOrder, type SortKey } from '../../../shared/picker/sort';
import { callErrorOf } from '../../api/call-error';
import { queryKeys } from '../../queries/keys';
import { useLaunchSettled } from '../../queries/use-launch-settled';
import { hasLastKnownList, useLastKnownLists, useListProgress, useResourceLists } from '../../queries/use-resource-list';
import { useServers } from '../../queries/use-servers';
import { usePickerStore } from '../../state/picker-store';
import { useUiStore } from '../../state/ui-store';
import { indicesOfKeys } from './pinned-first';
import { usePinsStore } from './pins-store';
import { ALWAYS_DEFERRED_FROM_ITEMS, SearchCost, useSearchedQuery } from './searched-query';
import { useSteppedSearch } from './stepped-search';
import { JoinCost } from './join-cost';
import { ServerColumns } from './server-columns';
import { shownServerIds } from './shown-servers';
import { useSettling } from './use-settling';
import { useThrottledWhile } from './use-throttled-while';
import { sameElements, useSameWhile } from '../../app/use-same-while';

/** The same empty group list on every keystroke, so the list does not re-measure its rows when not grouping. */
const noGroups: PickerModel['groupStarts'] = [];

/**
 * Rows found for a keystroke's own frame while its whole search runs after it (search-first.ts): more than any
 * screen shows, so scrolling a little finds them too.
 */
const FIRST_SCREEN_ROWS = 120;
/** The most a keystroke's frame spends looking for them before leaving the rows to the whole search. */
const FIRST_SCREEN_BUDGET_MS = 5;
/** How often, at most, the joined lists may change while servers still start or list (each change rebuilds over all of them). */
const SETTLING_PUBLISH_MS = 500;

/** One empty list for every server without items, so an empty server does not count as a change. */
const noItems: readonly ResourceItem[] = [];

export interface ServerListState {
  serverId: ServerId;
  loading: boolean;
  /** Items listed so far (streamed, or held back by the engine as the last known list's), or the finished list's. */
  loaded: number;
  pages: number;
  /** The finished list's cache state (for its cache badge), or the last known list's while that is shown. */
  cache?: CacheInfo;
  /** The server's last known list is shown (marked stale) until its live list is in. */
  lastKnown: boolean;
  /** Its last known list is shown, and listed again only once the launch's servers have all started. */
  awaitsLaunch: boolean;
  error?: AppError;
  cancelled: boolean;
  retry(): void;
  cancel(): void;
}

export interface PickerModel {
  columns: PickerColumns;
  /**
   * Item indices into `columns`, in display order (read-only: it may be the sort order itself). While `complete` is
   * false, only the first rows of `query`'s result (and the pinned items that match it), exactly as the whole
   * result will start.
   */
  rows: Uint32Array;
  /**
   * False while the typed text's whole search is still to come: `rows` are then its first rows (and `query` the
   * typed text) or, when those could not be found at once, the last whole result's rows.
   */
  complete: boolean;
  /** The search text of the last whole result: `query` once `complete`. `matching` and `hidden` are its. */
  completeQuery: string;
  /** How many items the last whole result holds (after the annotation filters). */
  matching: number;
  /** The pinned items' indices into `columns` (the ones in its lists). */
  pinned: ReadonlySet<number>;
  /** Index into `rows` where each shown server's group starts (only when grouping by server). */
  groupStarts: { row: number; serverId: ServerId }[];
  hidden: HiddenCounts;
  /** Search matches the annotation filters hide (any of them). */
  hiddenByFilters: number;
  /** A date bound as typed that is not a date: the date filter is off until it is fixed, and the bar says why. */
  invalidDate?: string;
  lists: ServerListState[];
  loading: boolean;
  /** The search text the rows reflect (the input's text, or a frame behind it while typing fast). */
  query: string;
  /** The sort the rows are in. */
  sort: SortKey;
}

/** The shown servers' columns, in their order. */
interface Join {
  ids: readonly ServerId[];
  parts: readonly PickerColumns[];
}
/** The same servers, with the same columns each. */
const sameJoin = (a: Join, b: Join) => sameElements(a.ids, b.ids) && sameElements(a.parts, b.parts);
const otherServers = (next: Join, last: Join) => !sameElements(next.ids, last.ids);

const sameHidden = (a: HiddenCounts, b: HiddenCounts) =>
  (Object.keys(a) as (keyof HiddenCounts)[]).every(name => a[name].hidden === b[name].hidden && a[name].unannotated === b[name].unannotated);

/** Equal in every shown field (retry and cancel act on the same server's queries whichever render made them). */
const sameListStates = (a: ServerListState[], b: ServerListState[]) =>
  a.length === b.length &&
  a.every((x, k) => {
    const y = b[k];
    return x.serverId === y.serverId && x.loading === y.loading && x.loaded === y.loaded && x.pages === y.pages && x.cache === y.cache && x.lastKnown === y.lastKnown && x.awaitsLaunch === y.awaitsLaunch && x.error === y.error && x.cancelled === y.cancelled;
  });

export function usePickerModel(): PickerModel {
  const queryClient = useQueryClient();
  const servers = useServers().data;
  const serverFilter = useUiStore(s => s.serverFilter);
  const groupByServer = useUiStore(s => s.groupByServer);
  // One per picker: the view below records each search's time, and the next keystroke reads it.
  const [searchCost] = useState(() => new SearchCost());
  const [joinCost] = useState(() => new JoinCost());
  const typed = usePickerStore(s => s.query);
  const pinKeys = usePinsStore(s => s.keys);
  const filter = usePickerStore(s => s.filter);
  const sort = usePickerStore(s => s.sort);

  const ids = useMemo(() => shownServerIds(servers, serverFilter), [servers, serverFilter]);
  const connected = new Set((servers ?? []).filter(s => s.status === 'connected').map(s => s.id));
  const launchSettled = useLaunchSettled();
  // A last known list on screen is listed again once the launch's servers have all had their first attempt
  // (electron/engine/connections/launch-settled.ts); a server without one lists as soon as it is connected.
  const lists = useResourceLists(ids, id => connected.has(id) && (launchSettled || !hasLastKnownList(queryClient, id)));
  const progress = useListProgress(ids);
  // The list query's data as observed above is what the cache holds for it.
  const known = useLastKnownLists(ids, id => lists[ids.indexOf(id)].data === undefined);
  // The last known list stands in until the live listing has every page (a half-streamed list would show less).
  const showsLastKnown = ids.map((_, k) => !lists[k].data && !!known[k].data && !progress[k].data?.done);

  const loading = lists.some(l => l.isFetching);
  const settling = useSettling(loading, servers, ids);

  // Per-server columns survive re-renders and grow page by page, the live list's even while its last known
  // list is shown instead (see server-columns.ts).
  const serverColumns = useRef(new ServerColumns());
  // A render-time cache on purpose: an entry is a pure function of its items, so a discarded render does no harm.
  // eslint-disable-next-line react-hooks/refs
  const parts = ids.map((id, k) =>
    serverColumns.current.columnsFor(id, lists[k].data?.items ?? progress[k].data?.items ?? noItems, showsLastKnown[k] ? known[k].data?.items : undefined, sort)
  );
  // While lists come in, the joined columns, sort and search are rebuilt at most every SETTLING_PUBLISH_MS, or
  // less often when a rebuild costs more (join-cost.ts); a change of which servers are shown (the user's) goes
  // through at once, and their ids stay with their parts.
  const shown = useThrottledWhile(useSameWhile({ ids, parts }, sameJoin), settling, joinCost.intervalMs(SETTLING_PUBLISH_MS), otherServers);
  const stableParts = shown.parts;
  const shownIds = shown.ids;
  const columns = useMemo(
    () => joinCost.timed('join', () => concatColumns(stableParts.length ? stableParts : [extendColumns(undefined, [])])),
    [stableParts, joinCost]
  );
  const sortOrder = useMemo(() => joinCost.timed('sort', () => buildSortOrder(columns, sort)), [columns, sort, joinCost]);
  const session = useMemo(() => new SearchSession(columns), [columns]);
  useEffect(() => {
    if (settling) return;
    // In idle slices (a step is ~20-100 ms at 100k items), so a keystroke never waits for the whole build.
    const step = (deadline: IdleDeadline) => {
      if (!session.prepare(() => deadline.timeRemaining())) idle = requestIdleCallback(step, { timeout: 1_000 });
    };
    let idle = requestIdleCallback(step, { timeout: 1_000 });
    return () => cancelIdleCallback(idle);
  }, [session, settling]);
  useEffect(() => {
    // Once listed, as the indexes: a streaming list's order changes with every page, and each would be ranked again.
    if (settling) return;
    const idle = requestIdleCallback(() => prepareFirstResults(sortOrder.order), { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, [sortOrder, settling]);
  const pinned = useMemo(() => new Set(indicesOfKeys(columns.items, pinKeys).values()), [columns, pinKeys]);

  // A long list, once listed, is searched in steps between frames (stepped-search.ts); until its first stepped
  // search is done over these columns in this order, and below that length, as the keystroke's transition or render.
  const searchesInSteps = columns.items.length >= ALWAYS_DEFERRED_FROM_ITEMS && !loading;
  const searchedQuery = useSearchedQuery(searchCost, !searchesInSteps);
  const stepped = useSteppedSearch(session, sortOrder.order, typed, searchesInSteps);
  const steppedView = searchesInSteps && stepped?.session === session && stepped.order === sortOrder.order ? stepped : undefined;
  // A new sort (or columns) before its stepped search is done: the last stepped query is searched at once, like the
  // sort itself, rather than the held text of before the list was searched in steps.
  const query = steppedView ? steppedView.query : searchesInSteps && stepped ? stepped.query : searchedQuery;

  // Timed, to guess whether the next keystroke's search can run in its own render (searched-query.ts): a
  // discarded render's timing does no harm.
  const view = useMemo(
    () =>
      searchCost.timed(query, columns.items.length, () => {
        const searched = steppedView ? steppedView.result : session.search(query, sortOrder.order);
        const candidates = searched ? searched.idxs : sortOrder.order;
        try {
          const filtered = applyAnnotationFilter(columns, candidates, filter);
          return { ...filtered, hiddenByFilters: candidates.length - filtered.idxs.length, invalidDate: undefined };
        } catch (e) {
          if (!(e instanceof NotADateError)) throw e;
          const unfiltered = applyAnnotationFilter(columns, candidates, { ...filter, modifiedAfter: '', modifiedBefore: '' });
          return { ...unfiltered, hiddenByFilters: candidates.length - unfiltered.idxs.length, invalidDate: e.value };
        }
      }),
    [session, query, sortOrder, columns, filter, searchCost, steppedView]
  );

  // A keystroke whose search runs in a transition (searched-query.ts) gets the first rows of its result in its own
  // frame, when they are cheap to find. Grouped rows need every match first.
  const grouping = groupByServer && stableParts.length >= 2;
  const first = useMemo(() => {
    if (typed === query || grouping || !session.prepared) return undefined;
    let passes: ((i: number) => boolean) | undefined;
    try {
      passes = annotationTest(columns, filter);
    } catch (e) {
      if (e instanceof NotADateError) return undefined;
      throw e;
    }
    // Time-bounded, so a render may find the rows or not: either shows the right thing.
    return firstResults(columns, typed, { order: sortOrder.order, count: FIRST_SCREEN_ROWS, passes, lead: pinned, budgetMs: FIRST_SCREEN_BUDGET_MS });
  }, [typed, query, grouping, session, columns, filter, sortOrder, pinned]);

  const grouped = useMemo(() => {
    if (!grouping) return { rows: view.idxs, groupStarts: noGroups };
    const offsets: number[] = [];
    let total = 0;
    for (const p of stableParts) {
      offsets.push(total);
      total += p.items.length;
    }
    const serverOf = (i: number) => {
      let k = offsets.length - 1;
      while (k > 0 && offsets[k] > i) k--;
      return k;
    };
    const buckets: number[][] = stableParts.map(() => []);
    for (const i of view.idxs) buckets[serverOf(i)].push(i);
    const groupStarts: { row: number; serverId: ServerId }[] = [];
    const rows = new Uint32Array(view.idxs.length);
    let row = 0;
    buckets.forEach((b, k) => {
      if (b.length) groupStarts.push({ row, serverId: shownIds[k] });
      rows.set(b, row);
      row += b.length;
    });
    return { rows, groupStarts };
  }, [view, grouping, stableParts, shownIds]);

  const listStates = useSameWhile<ServerListState[]>(
    ids.map((serverId, k) => {
      const list = lists[k];
      const error = list.isError ? callErrorOf(list.error) : undefined;
      const streamed = progress[k].data;
      return {
        serverId,
        loading: list.isFetching,
        loaded: list.data?.items.length ?? streamed?.walked ?? 0,
        pages: list.data?.pages ?? streamed?.page ?? 0,
        cache: list.data?.cache ?? (showsLastKnown[k] ? known[k].data?.cache : undefined),
        lastKnown: showsLastKnown[k],
        awaitsLaunch: showsLastKnown[k] && !launchSettled && !list.isFetching,
        error: error?.code === 'cancelled' ? undefined : error,
        cancelled: !list.isFetching && !list.data && (error ? error.code === 'cancelled' : streamed !== undefined),
        retry: () => void list.refetch(),
        cancel: () => void queryClient.cancelQueries({ queryKey: queryKeys.resourcesList(serverId) })
      };
    }),
    sameListStates
  );
  const hidden = useSameWhile(view.hidden, sameHidden);

  return {
    columns,
    rows: first ?? grouped.rows,
    complete: first === undefined && typed === query,
    completeQuery: query,
    matching: grouped.rows.length,
    pinned,
    groupStarts: grouped.groupStarts,
    hidden,
    hiddenByFilters: view.hiddenByFilters,
    invalidDate: view.invalidDate,
    lists: listStates,
    loading,
    query: first ? typed : query,
    sort
  };
}
