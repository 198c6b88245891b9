// The protocol-log panel's state: a bounded copy of the engine's log (backfilled by `log.query`, then
// fed by `logAppended` events), the filters, the selection and the pause flag.
import { create } from 'zustand';
import type { LogDirection, LogEntry, LogPage, ServerId } from '../../../shared/contract';

/** Most entries the panel holds, whatever the engine's cap; the engine keeps the rest for export. */
export const UI_MAX_ENTRIES = 20_000;

export interface LogFilters {
  serverId?: ServerId;
  method: string;
  direction?: LogDirection;
  errorsOnly: boolean;
  text: string;
}

export const noFilters: LogFilters = { method: '', errorsOnly: false, text: '' };

interface LogState {
  entries: LogEntry[];
  dropped: number;
  cap: number;
  paused: boolean;
  filters: LogFilters;
  selectedSeq: number | null;
  /** Replaces everything with a page from `log.query`. */
  load(page: LogPage): void;
  /** Adds entries from a `logAppended` event (ignoring any already held) and links responses to requests. */
  append(entries: LogEntry[], dropped: number): void;
  clearEntries(): void;
  setPaused(paused: boolean): void;
  setCap(cap: number, dropped: number): void;
  setFilters(patch: Partial<LogFilters>): void;
  select(seq: number | null): void;
}

export const useLogStore = create<LogState>()(set => ({
  entries: [],
  dropped: 0,
  cap: 0,
  paused: false,
  filters: noFilters,
  selectedSeq: null,
  load: page => set({ entries: page.entries.slice(-viewCap(page.cap)), dropped: page.dropped, cap: page.cap, paused: page.paused }),
  append: (incoming, dropped) => set(s => ({ entries: appendEntries(s.entries, incoming, viewCap(s.cap)), dropped })),
  clearEntries: () => set({ entries: [], dropped: 0, selectedSeq: null }),
  setPaused: paused => set({ paused }),
  setCap: (cap, dropped) => set({ cap, dropped }),
  setFilters: patch => set(s => ({ filters: { ...s.filters, ...patch } })),
  select: selectedSeq => set({ selectedSeq })
}));

/** The panel holds no more than the engine keeps (its cap), and never more than UI_MAX_ENTRIES. */
function viewCap(engineCap: number): number {
  return engineCap > 0 ? Math.min(engineCap, UI_MAX_ENTRIES) : UI_MAX_ENTRIES;
}

/**
 * New list = held entries + the incoming ones newer than the last held, bounded. A response carries the
 * seq of its request; the request (sent in an earlier batch) gets the link back here.
 */
export function appendEntries(held: LogEntry[], incoming: LogEntry[], max = UI_MAX_ENTRIES): LogEntry[] {
  const lastSeq = held.at(-1)?.seq ?? 0;
  const fresh = incoming.filter(e => e.seq > lastSeq);
  if (fresh.length === 0) return held;
  const next = held.concat(fresh);
  for (const entry of fresh) {
    if (entry.pairSeq === undefined || entry.pairSeq > lastSeq) continue;
    const at = indexOfSeq(next, entry.pairSeq);
    if (at !== -1 && next[at].pairSeq === undefined) next[at] = { ...next[at], pairSeq: entry.seq };
  }
  return next.length > max ? next.slice(next.length - max) : next;
}

/** Binary search: entries are ordered by seq. */
export function indexOfSeq(entries: readonly LogEntry[], seq: number): number {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = entries[mid].seq;
    if (at === seq) return mid;
    if (at < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
