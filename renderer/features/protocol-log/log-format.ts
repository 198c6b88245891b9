// How one log entry reads in the list and the detail pane.
import type { LogEntry } from '../../../shared/contract';

// Words (direction, kind), times, sizes and latencies are the `log` catalog's messages, formatted through Intl.

/** The JSON-RPC error of an error entry, if it has the usual shape. */
export function rpcErrorOf(entry: LogEntry): { code?: number; message?: string } | undefined {
  if (entry.kind !== 'error') return undefined;
  const error = (entry.message as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'number' ? code : undefined, message: typeof message === 'string' ? message : undefined };
}

/** A line a server wrote where only JSON-RPC belongs, as written (the entry's message). */
const strayLineOf = (entry: LogEntry): string | undefined => (entry.kind === 'not-json-rpc' && typeof entry.message === 'string' ? entry.message : undefined);

/** JSON-RPC's "method not found", as a 2025-era server answers the 2026 era's `server/discover` probe. */
const METHOD_NOT_FOUND = -32601;

/** Whether `entry` is a server's refusal of the era probe: how a 2025-era server says which era it speaks. */
export const isEraProbeRefusal = (entry: LogEntry): boolean => entry.method === 'server/discover' && rpcErrorOf(entry)?.code === METHOD_NOT_FOUND;

/** A one-line hint of what the frame is about: the URI of a read, the code of an error, a stray line itself. */
export function entryHint(entry: LogEntry): string {
  const strayLine = strayLineOf(entry);
  if (strayLine !== undefined) return strayLine;
  const rpcError = rpcErrorOf(entry);
  if (rpcError) return [rpcError.code, rpcError.message].filter(v => v !== undefined).join(' ');
  const message = entry.message as { params?: unknown } | null;
  const params = entry.kind === 'cache-hit' || entry.kind === 'request' || entry.kind === 'notification' ? message?.params : undefined;
  if (typeof params === 'object' && params !== null) {
    const { uri, name } = params as { uri?: unknown; name?: unknown };
    if (typeof uri === 'string') return uri;
    if (typeof name === 'string') return name;
  }
  return '';
}

/** The frame as the detail shows and copies it: JSON, pretty-printed; a stray line as the server wrote it. */
export const frameText = (entry: LogEntry): string => strayLineOf(entry) ?? prettyJson(entry.message);

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** One JSON object per line: the whole entry (metadata and frame), so an export can be re-read and filtered. */
export function toJsonl(entries: readonly LogEntry[]): string {
  return entries.map(entry => JSON.stringify(entry)).join('\n') + (entries.length > 0 ? '\n' : '');
}
