// Why the picker has nothing listed, in the terms a user can act on. At every launch the list is empty for a
// while: fifty servers waiting their turn to start are not "no servers", and a launch that restores last known
// lists is not one that has none.
import type { ServerId, ServerState } from '../../../shared/contract';
import type { ServerListState } from './use-picker-model';

export type EmptyListReason =
  /** No server is configured. */
  | { kind: 'noServers' }
  /** Servers are configured, but none the picker lists: all disabled, or the server filter names none enabled. */
  | { kind: 'noneShown' }
  /**
   * Shown servers are still on their way: queued for their turn to start, connecting (a first attempt), or connected
   * and not listed yet. A reconnecting server is not: it failed, and its attempts and backoffs would have the list
   * say one thing, then the other.
   */
  | { kind: 'waiting'; waiting: number; total: number }
  /** No shown server is connected or on its way (errors, retries after a failure, sign-in, stopped): the cards say why. */
  | { kind: 'noneConnected' }
  /** Connected servers listed, and their lists are empty. */
  | { kind: 'emptyLists' };

/** What this reads of a shown server's list state. */
type ListSeen = Pick<ServerListState, 'serverId' | 'pages' | 'error' | 'cancelled'>;

/** `shown`: the servers the picker lists, in the picker's order (shown-servers.ts); `lists`: their list states. */
export function emptyListReason(servers: readonly ServerState[], shown: readonly ServerId[], lists: readonly ListSeen[]): EmptyListReason {
  if (servers.length === 0) return { kind: 'noServers' };
  const shownStates = servers.filter(s => shown.includes(s.id));
  if (shownStates.length === 0) return { kind: 'noneShown' };
  const listOf = new Map(lists.map(l => [l.serverId, l]));
  const onTheirWay = shownStates.filter(s => {
    if (s.status === 'connecting') return true;
    if (s.status === 'disconnected') return s.startQueued === true;
    if (s.status !== 'connected') return false;
    // Connected: listed once a page came back, or the listing failed or was cancelled; until then it is on its way.
    const list = listOf.get(s.id);
    return list === undefined || (list.pages === 0 && list.error === undefined && !list.cancelled);
  }).length;
  if (onTheirWay > 0) return { kind: 'waiting', waiting: onTheirWay, total: shownStates.length };
  return shownStates.some(s => s.status === 'connected') ? { kind: 'emptyLists' } : { kind: 'noneConnected' };
}
