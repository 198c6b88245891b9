// Keeps TanStack Query in step with the engine: the engine owns freshness, so its events decide what the
// renderer refetches. Started once by main.tsx, as soon as the engine is reached.
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { EngineClient, ServerState } from '../../shared/contract';
import { queryKeys } from './keys';
import { createListInvalidator } from './list-invalidation';

function upsertServer(list: ServerState[] | undefined, state: ServerState): ServerState[] | undefined {
  if (!list) return list;
  const at = list.findIndex(s => s.id === state.id);
  if (at === -1) return [...list, state];
  const next = [...list];
  next[at] = state;
  return next;
}

/**
 * A server list being fetched when a state arrives may store a snapshot older than that state: the inbox hands on a
 * group of messages at once (paced-inbox.ts), so a state that came just after the list's reply is applied before
 * the query stores the reply, which then undoes it for good (a server that connected in that moment stayed
 * "connecting", and its resources were never listed). Such a state asks for the list again once the fetch is done:
 * that call leaves after the state, so its answer holds it. The query may have no observer yet (the first screen's
 * prefetch), so it is fetched whether shown or not.
 */
function refetchServersAfterRacingFetch(queryClient: QueryClient): { stateArrived(): void; dispose(): void } {
  const serversHash = hashKey(queryKeys.servers());
  let raced = false;
  const off = queryClient.getQueryCache().subscribe(event => {
    if (!raced || event.type !== 'updated' || event.query.queryHash !== serversHash) return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    raced = false;
    void queryClient.refetchQueries({ queryKey: queryKeys.servers(), exact: true, type: 'all' });
  });
  return {
    stateArrived: () => {
      if (queryClient.getQueryState(queryKeys.servers())?.fetchStatus === 'fetching') raced = true;
    },
    dispose: off
  };
}

export function followEngineEvents(engine: EngineClient, queryClient: QueryClient): () => void {
  const lists = createListInvalidator(queryClient);
  const serversFetch = refetchServersAfterRacingFetch(queryClient);
  /** Each server's endpoint as last seen, to tell a config change (another URL under the same id). */
  const endpoints = new Map<string, string>();
  const offs = [
    () => lists.dispose(),
    () => serversFetch.dispose(),
    engine.on('serverState', state => {
      serversFetch.stateArrived();
      const before = queryClient.getQueryData<ServerState[]>(queryKeys.servers())?.find(s => s.id === state.id);
      queryClient.setQueryData<ServerState[]>(queryKeys.servers(), list => upsertServer(list, state));
      if (!before) void queryClient.invalidateQueries({ queryKey: queryKeys.servers() });
      // Another endpoint (its config changed) is another icon origin: the engine answers anew, so must the page.
      const endpointBefore = endpoints.get(state.id) ?? before?.endpoint;
      endpoints.set(state.id, state.endpoint);
      if (endpointBefore !== undefined && endpointBefore !== state.endpoint) queryClient.removeQueries({ queryKey: queryKeys.iconsOfServer(state.id) });
      // Signing in or out changes who reads: what is shown was read as someone else (or refused for want of sign-in).
      const signedIn = (s: ServerState | undefined) => s?.auth?.state === 'signed-in';
      if (before && signedIn(before) !== signedIn(state)) void queryClient.invalidateQueries({ queryKey: queryKeys.resourcesReadOfServer(state.id) });
      // A (re)connected server may have a different list than before it dropped.
      if (state.status === 'connected' && before?.status !== 'connected') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.resourcesList(state.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.templatesList(state.id) });
      }
    }),
    // An edit of the config file made elsewhere, applied by the engine. The server list follows by its own events
    // (a new server's state asks for the list, a removed one leaves it), so it is not fetched again here.
    engine.on('configChanged', view => queryClient.setQueryData(queryKeys.config(), view)),
    engine.on('serverRemoved', ({ serverId }) => {
      queryClient.setQueryData<ServerState[]>(queryKeys.servers(), list => list?.filter(s => s.id !== serverId));
      queryClient.removeQueries({ queryKey: queryKeys.resourcesList(serverId) });
      queryClient.removeQueries({ queryKey: queryKeys.listProgress(serverId) });
      queryClient.removeQueries({ queryKey: queryKeys.lastKnownList(serverId) });
      queryClient.removeQueries({ queryKey: queryKeys.resourcesReadOfServer(serverId) });
      queryClient.removeQueries({ queryKey: queryKeys.templatesList(serverId) });
      // A server re-added under the same id may have another URL, hence other icons (or another origin for them).
      endpoints.delete(serverId);
      queryClient.removeQueries({ queryKey: queryKeys.iconsOfServer(serverId) });
    }),
    engine.on('resourceUpdated', ({ serverId, uri }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resourcesRead(serverId, uri) });
    }),
    engine.on('listChanged', ({ serverId, list }) => {
      if (list === 'resources') lists.listChanged(serverId);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.templatesList(serverId) });
    })
  ];
  // Events sent while the browser-mode socket was down are lost, so refetch everything once it is back.
  let carrierDropped = false;
  const offCarrier = engine.onCarrierState?.(state => {
    if (state === 'reconnecting') carrierDropped = true;
    else if (carrierDropped) {
      carrierDropped = false;
      void queryClient.invalidateQueries();
    }
  });
  if (offCarrier) offs.push(offCarrier);
  return () => offs.forEach(off => off());
}
