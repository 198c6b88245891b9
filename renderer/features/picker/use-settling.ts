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
const noIds: ReadonlySet<ServerId> = new Set();
// Read through a function: the React Compiler's purity lint takes the effect's self-rescheduling check for render code.
const clock = () => performance.now();

const sameIds = (a: ReadonlySet<ServerId>, b: ReadonlySet<ServerId>) => a.size === b.size && [...a].every(id => b.has(id));

export function useSettling(loading: boolean, servers: readonly ServerState[] | undefined, ids: readonly ServerId[]): boolean {
  const shown = useMemo(() => new Set(ids), [ids]);
  const list = servers ?? noServers;
  const queued = list.some(s => shown.has(s.id) && s.startQueued === true);
  const connecting = list.filter(s => shown.has(s.id) && s.status === 'connecting').map(s => s.id);
  const connectingKey = connecting.join('\n');
  const connectingSince = useRef(new Map<ServerId, number>());
  const [overdue, setOverdue] = useState<ReadonlySet<ServerId>>(noIds);

  useEffect(() => {
    const now = clock();
    const current = connectingKey === '' ? [] : connectingKey.split('\n');
    const since = connectingSince.current;
    // A server that stops connecting is forgotten, so it counts again if it starts again.
    for (const id of [...since.keys()]) if (!current.includes(id)) since.delete(id);
    for (const id of current) if (!since.has(id)) since.set(id, now);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const at = clock();
      const due = new Set([...since].filter(([, started]) => at - started >= CONNECTING_COUNTS_MS).map(([id]) => id));
      setOverdue(last => (sameIds(last, due) ? last : due));
      const next = Math.min(...[...since.values()].map(started => started + CONNECTING_COUNTS_MS).filter(dueAt => dueAt > at));
      timer = Number.isFinite(next) ? setTimeout(check, next - at) : undefined;
    };
    check();
    return () => clearTimeout(timer);
  }, [connectingKey]);

  return loading || queued || connecting.some(id => !overdue.has(id));
}
