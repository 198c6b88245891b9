// One query per shown server, observed together: TanStack Query's `useQueries`, re-set only when what it asks
// changes.
//
// `useQueries` re-sets every observer after every render (its effect depends on an options object it makes
// anew each call), and defaults every query's options again whenever its array is new. The picker renders on
// every server state, streamed batch and reply: three such hooks of fifty servers, re-set ~350 times in a cold
// launch of 50 × 2,000, took 1.5 s of the page's main thread in that launch's CPU profile. This is the same
// observer (`QueriesObserver`), read the same way (each render's result as the cache holds it now, with the
// properties read tracked), but its queries are set again only when the servers, their flags or the context
// change. What it leaves out of `useQueries`: suspense, error boundaries and `combine`, which the picker does not use.
import { notifyManager, QueriesObserver, useQueryClient, type QueryKey, type QueryObserverOptions, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ServerId } from '../../shared/contract';
import { sameElements, useSameWhile } from '../app/use-same-while';

interface Asked {
  serverIds: readonly ServerId[];
  flags: readonly boolean[];
  context: readonly unknown[];
}

const sameAsked = (a: Asked, b: Asked) => sameElements(a.serverIds, b.serverIds) && sameElements(a.flags, b.flags) && sameElements(a.context, b.context);

/**
 * The results of `make(serverId, k)` for each of `serverIds`, in order. The queries are made and set again only
 * when the servers (by value), `flags` (what `make` reads per server, a query's `enabled` say) or `context` (what
 * else `make` reads: the engine client, the query client) change.
 */
export function usePerServerQueries<TData, TKey extends QueryKey>(
  serverIds: readonly ServerId[],
  flags: readonly boolean[],
  context: readonly unknown[],
  make: (serverId: ServerId, k: number) => QueryObserverOptions<TData, Error, TData, TData, TKey>
): QueryObserverResult<TData>[] {
  const client = useQueryClient();
  const asked = useSameWhile<Asked>({ serverIds, flags, context }, sameAsked);
  const defaulted = useMemo(
    // The observer holds queries of any data; each result is read back as the `TData` its query was made with.
    () => asked.serverIds.map((serverId, k) => ({ ...client.defaultQueryOptions(make(serverId, k)), _optimisticResults: 'optimistic' as const })) as unknown as QueryObserverOptions[],
    // `make` is read when `asked` changes, which covers everything it reads (the caller's contract above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [asked, client]
  );
  const [observer] = useState(() => new QueriesObserver<QueryObserverResult<TData>[]>(client, defaulted));
  const [, , tracked] = observer.getOptimisticResult(defaulted, undefined);
  useEffect(() => {
    observer.setQueries(defaulted);
  }, [observer, defaulted]);
  const subscribe = useCallback((onChange: () => void) => observer.subscribe(notifyManager.batchCalls(onChange)), [observer]);
  useSyncExternalStore(subscribe, () => observer.getCurrentResult());
  return tracked() as QueryObserverResult<TData>[];
}
