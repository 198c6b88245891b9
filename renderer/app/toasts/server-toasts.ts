// Which background events deserve a toast, derived from two successive snapshots of the server list (the
// list the page already keeps current from serverState events): a server that went to error, a connection
// that dropped, a sign-in that became needed, each failure once. Pure, so what is announced is decided in one tested place.
import type { ServerState } from '../../../shared/contract';

export type ServerToast =
  | { kind: 'serverError'; serverId: string; message: string }
  | { kind: 'serverDropped'; serverId: string }
  | { kind: 'signInNeeded'; serverId: string };

export function serverToasts(before: readonly ServerState[] | undefined, after: readonly ServerState[]): ServerToast[] {
  // The first snapshot is the state at start, not an event: what it shows is on the cards already.
  if (!before) return [];
  const previous = new Map(before.map(s => [s.id, s]));
  const toasts: ServerToast[] = [];
  for (const server of after) {
    const was = previous.get(server.id);
    if (!was || server.disabled) continue;
    const signInNow = server.auth?.state === 'required';
    if (signInNow && was.auth?.state !== 'required') {
      toasts.push({ kind: 'signInNeeded', serverId: server.id });
      continue;
    }
    if (server.status === 'error' && was.status !== 'error' && !signInNow) {
      toasts.push({ kind: 'serverError', serverId: server.id, message: server.lastError?.message ?? '' });
    } else if (server.status === 'reconnecting' && was.status === 'connected') {
      toasts.push({ kind: 'serverDropped', serverId: server.id });
    }
  }
  return toasts;
}

/**
 * The toasts worth showing of `events`: a server that keeps failing the same way (retried with backoff, a command
 * that is not there) is announced once, and again only after it has connected in between or fails another way.
 * `announced` is the caller's memory of the last error announced per server, updated here.
 */
export function withoutRepeats(events: readonly ServerToast[], after: readonly ServerState[], announced: Map<string, string>): ServerToast[] {
  for (const server of after) if (server.status === 'connected') announced.delete(server.id);
  return events.filter(event => {
    if (event.kind !== 'serverError') return true;
    if (announced.get(event.serverId) === event.message) return false;
    announced.set(event.serverId, event.message);
    return true;
  });
}

/** A toast as the store holds it; a server failure remembers its server, so several can become one. */
export interface ToastItem {
  id: number;
  message: string;
  tone: 'info' | 'error';
  /** The servers a failure toast is about (several once grouped). */
  failed?: string[];
}

/**
 * `items` with a failure of `serverId` added: while another failure toast shows, the two become one toast naming
 * every failed server (`grouped`), as the newest, so a fleet failing at its start shows one toast, not one each.
 */
export function withFailure(items: readonly ToastItem[], id: number, serverId: string, message: string, grouped: (servers: string[]) => string): ToastItem[] {
  const shown = items.find(item => item.failed !== undefined);
  if (!shown?.failed) return [...items, { id, message, tone: 'error', failed: [serverId] }];
  const failed = [...shown.failed.filter(server => server !== serverId), serverId];
  const merged: ToastItem = failed.length === 1 ? { id, message, tone: 'error', failed } : { id, message: grouped(failed), tone: 'error', failed };
  return [...items.filter(item => item !== shown), merged];
}
