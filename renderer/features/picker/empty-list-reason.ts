// Why the picker has nothing listed, in the terms a user can act on. At every launch the list is empty for a
// while: fifty servers waiting their turn to start are not "no servers", and a launch that restores last known
// lists is not one that has none. Servers are grouped as the sidebar's summary groups them (server-summary.ts).
import type { ServerState } from '../../../shared/contract';
import { summaryGroupOf } from '../servers/server-summary';
import type { ServerListState } from './use-picker-model';

export type EmptyListReason =
  /** No server is configured. */
  | { kind: 'noServers' }
  /** No server, because the config file could not be used (the sidebar says why: ConfigProblem). */
  | { kind: 'configProblem' }
  /** Servers are configured, but none the picker lists: all disabled, or the server filter names none enabled. */
  | { kind: 'noneShown' }
  /**
   * Shown servers are still on their way: starting (queued for their turn, or on a first attempt), or connected and
   * not listed yet. A failing server is not, reconnecting included: its attempts and backoffs would have the list say
   * one thing, then the other.
   */
  | { kind: 'waiting'; waiting: number; total: number }
  /** No shown server is connected or on its way (failing, signing in, stopped): the cards say why. */
  | { kind: 'noneConnected' }
  /** Connected servers listed, and their lists are empty. */
  | { kind: 'emptyLists' };

/** What this reads of a shown server's list state. */
type ListSeen = Pick<ServerListState, 'serverId' | 'pages' | 'error' | 'cancelled'>;

/**
 * `lists`: the picker's list states, one per server it lists (its shown servers). `configProblem`: the config file
 * has problems the engine reported.
 */
export function emptyListReason(servers: readonly ServerState[], lists: readonly ListSeen[], configProblem = false): EmptyListReason {
  if (servers.length === 0) return { kind: configProblem ? 'configProblem' : 'noServers' };
  if (lists.length === 0) return { kind: 'noneShown' };
  const byId = new Map(servers.map(s => [s.id, s]));
  let waiting = 0;
  let connected = false;
  for (const list of lists) {
    const server = byId.get(list.serverId);
    const group = server && summaryGroupOf(server);
    if (group === 'starting') waiting++;
    if (group !== 'connected') continue;
    connected = true;
    // Listed once a page came back, or the listing failed or was cancelled; until then it is on its way.
    if (list.pages === 0 && list.error === undefined && !list.cancelled) waiting++;
  }
  if (waiting > 0) return { kind: 'waiting', waiting, total: lists.length };
  return connected ? { kind: 'emptyLists' } : { kind: 'noneConnected' };
}
