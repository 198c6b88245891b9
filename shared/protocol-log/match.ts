// Which protocol-log entries a query selects. Used by the engine (`log.query`) and by the renderer for
// entries that arrive live, so both sides agree on what a filter means.
import type { LogEntry, LogQuery } from '../contract';

export type LogFilter = Omit<LogQuery, 'afterSeq' | 'limit'>;

/** Builds a predicate once per query, so the per-entry check stays cheap. */
export function logEntryMatcher(filter: LogFilter, textOf: (entry: LogEntry) => string = entryText): (entry: LogEntry) => boolean {
  const { serverId, method, direction, errorsOnly } = filter;
  const needle = filter.text?.trim().toLowerCase() ?? '';
  const methodNeedle = method?.trim() ?? '';
  return entry => {
    if (serverId !== undefined && entry.serverId !== serverId) return false;
    if (direction !== undefined && entry.direction !== direction) return false;
    if (errorsOnly && !isErrorEntry(entry)) return false;
    if (methodNeedle && !(entry.method ?? '').includes(methodNeedle)) return false;
    if (needle && !textOf(entry).includes(needle)) return false;
    return true;
  };
}

/** What "errors only" keeps: error responses, answers to no request, and lines where only JSON-RPC belongs. */
const isErrorEntry = (entry: Pick<LogEntry, 'kind' | 'unmatched'>): boolean => entry.kind === 'error' || entry.kind === 'not-json-rpc' || entry.unmatched === true;

/** The lower-cased text full-text search looks in: method, id and the whole frame. */
export function entryText(entry: LogEntry): string {
  let frame: string;
  try {
    frame = JSON.stringify(entry.message) ?? '';
  } catch {
    frame = '';
  }
  return entryTextWithFrame(entry, frame);
}

/** The same text for an entry whose frame is already JSON text (the engine's log keeps large frames so). */
export function entryTextWithFrame(entry: Pick<LogEntry, 'method' | 'id'>, frameJson: string): string {
  return `${entry.method ?? ''} ${entry.id ?? ''} ${frameJson}`.toLowerCase();
}
