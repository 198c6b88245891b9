// How one log entry reads in the list and the detail pane.
import type { LogEntry } from '../../../shared/contract';

export const directionLabel: Record<LogEntry['direction'], string> = {
  out: '→ sent',
  in: '← received',
  cache: '⟲ served from cache'
};

export const kindLabel: Record<LogEntry['kind'], string> = {
  request: 'request',
  response: 'response',
  error: 'error',
  notification: 'notification',
  'cache-hit': 'cache hit'
};

export function formatClock(at: number): string {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export function formatLatency(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The JSON-RPC error of an error entry, if it has the usual shape. */
export function rpcErrorOf(entry: LogEntry): { code?: number; message?: string } | undefined {
  if (entry.kind !== 'error') return undefined;
  const error = (entry.message as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'number' ? code : undefined, message: typeof message === 'string' ? message : undefined };
}

/** A one-line hint of what the frame is about: the URI of a read, the code of an error. */
export function entryHint(entry: LogEntry): string {
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
