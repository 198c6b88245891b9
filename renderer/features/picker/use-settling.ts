// Whether the shown servers' lists are still coming in: a listing in flight, a server waiting for its turn to boot
// (the engine clears `startQueued` as each one starts), or one connecting. While they are, the picker rebuilds its
// joined lists at most every so often and puts off building its search indexes (use-picker-model.ts), since the
// next list would make that work over again.
//
// A connecting server counts for `CONNECTING_COUNTS_MS` from when the page first saw it connecting. One that hangs in
// its handshake (the engine gives a first attempt up to three connect timeouts) is not about to list, and counted
// for all that time it kept every other server's search unindexed. A queued server always counts: the engine
// starts the queue in turns, so it is moving even when it is long.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ServerId, ServerState } from '../../../shared/contract';

export const CONNECTING_COUNTS_MS = 10_000;

const noServers: readonly ServerState[] = [];

export function useSettling(loading: boolean, servers: readonly ServerState[] | undefined, ids: readonly ServerId[]): boolean {
  const shown = useMemo(() => new Set(ids), [ids]);
  const list = servers ?? noServers;
  const queued = list.some(s => shown.has(s.id) && s.startQueued === true);
  const connectingKey = list
    .filter(s => shown.has(s.id) && s.status === 'connecting')
    .map(s => s.id)
    .join('\n');
  const connectingSince = useRef(new Map<ServerId, number>());
  const [overdue, setOverdue] = useState<ReadonlySet<ServerId>>(() => new Set());

  useEffect(() => {
    const connecting = connectingKey === '' ? [] : connectingKey.split('\n');
    const since = connectingSince.current;
    const now = performance.now();
    for (const id of since.keys()) if (!connecting.includes(id)) since.delete(id);
    for (const id of connecting) if (!since.has(id)) since.set(id, now);
    // A server that stopped connecting and starts again later counts again.
    setOverdue(last => (Array.from(last).every(id => since.has(id)) ? last : new Set(Array.from(last).filter(id => since.has(id)))));
    const pending = Array.from(since).filter(([id]) => !overdue.has(id));
    if (pending.length === 0) return;
    const firstDue = Math.min(...pending.map(([, started]) => started)) + CONNECTING_COUNTS_MS;
    const timer = setTimeout(
      () => {
        const at = performance.now();
        const due = pending.filter(([, started]) => at - started >= CONNECTING_COUNTS_MS).map(([id]) => id);
        setOverdue(last => new Set([...last, ...due]));
      },
      Math.max(0, firstDue - now)
    );
    return () => clearTimeout(timer);
  }, [connectingKey, overdue]);

  if (loading || queued) return true;
  return connectingKey !== '' && connectingKey.split('\n').some(id => !overdue.has(id));
}
