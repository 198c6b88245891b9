// Reading JSON-RPC frames for the log without re-serialising them: what kind of frame it is, and a trimmed
// copy for frames too large to keep whole (their size: json-size.ts).
import type { LogEntry } from '../../../shared/contract';
import { JSON_WALK_MAX_DEPTH } from '../json-size';

export interface FrameInfo {
  kind: Exclude<LogEntry['kind'], 'cache-hit'>;
  method?: string;
  id?: string | number;
}

export function classifyFrame(message: unknown): FrameInfo {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { kind: 'notification' };
  const frame = message as Record<string, unknown>;
  const method = typeof frame.method === 'string' ? frame.method : undefined;
  const id = typeof frame.id === 'string' || typeof frame.id === 'number' ? frame.id : undefined;
  if (method !== undefined) return id !== undefined ? { kind: 'request', method, id } : { kind: 'notification', method };
  if ('error' in frame) return { kind: 'error', id };
  if ('result' in frame) return { kind: 'response', id };
  return { kind: 'notification' };
}


export interface TrimLimits {
  /** Longer strings are cut to this many characters. */
  maxString: number;
  /** Longer arrays keep this many items. */
  maxItems: number;
}

/**
 * A copy of `value` with long strings and arrays cut, each cut marked in place, so a 50 MB blob read
 * stays visible in the log without the log holding 50 MB.
 */
export function trimFrame(value: unknown, limits: TrimLimits, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > limits.maxString ? `${value.slice(0, limits.maxString)}… [${value.length - limits.maxString} more characters not kept in the log]` : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= JSON_WALK_MAX_DEPTH) return '… [nested too deep for the log]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, limits.maxItems).map(item => trimFrame(item, limits, depth + 1));
    if (value.length > limits.maxItems) kept.push(`… [${value.length - limits.maxItems} more items not kept in the log]`);
    return kept;
  }
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = trimFrame((value as Record<string, unknown>)[key], limits, depth + 1);
  return copy;
}
