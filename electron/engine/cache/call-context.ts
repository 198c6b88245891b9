// Attributes the SDK's store calls to the engine call that caused them. The SDK awaits the store inside
// the promise chain of `readResource()` / `listResources()`, so AsyncLocalStorage carries the record of the
// call being tracked into every `get`/`set` the store receives, and into the transport's `send`.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerId } from '../../../shared/contract';
import { requestKey } from './keys';
import type { StoredEntry } from './response-store';

interface CacheLookup {
  entry: StoredEntry;
  /** Whether the entry was fresh when the SDK looked it up (the SDK serves it then). */
  fresh: boolean;
}

export interface CallRecord {
  readonly serverId: ServerId;
  readonly method: string;
  readonly params: string;
  readonly lookups: CacheLookup[];
  stored?: StoredEntry;
  /** Why a result was not stored although the SDK asked to. */
  refused?: 'mrtr' | 'input_required' | 'too_large';
  /** A request of this call carried `inputResponses` or `requestState` (an MRTR retry). */
  mrtrRetry: boolean;
}

const storage = new AsyncLocalStorage<CallRecord>();

export function runInCall<T>(record: CallRecord, run: () => Promise<T>): Promise<T> {
  return storage.run(record, run);
}

/** The call being tracked for `serverId`, if the current async context belongs to one. */
export function currentCall(serverId?: ServerId): CallRecord | undefined {
  const record = storage.getStore();
  return record && (serverId === undefined || record.serverId === serverId) ? record : undefined;
}

export function newCallRecord(serverId: ServerId, method: string, params: string): CallRecord {
  return { serverId, method, params, lookups: [], mrtrRetry: false };
}

/**
 * MRTR retries sent outside any tracked call (the engine tracks every list and read, but the SDK can
 * issue its own, e.g. a list refresh after list_changed): the next write for that method and params is
 * refused. Keyed without the server, so at worst an unrelated result is not cached.
 */
const untrackedRetries = new Map<string, number>();

export function markUntrackedRetry(method: string, params: string): void {
  const key = requestKey(method, params);
  untrackedRetries.set(key, (untrackedRetries.get(key) ?? 0) + 1);
}

export function consumeUntrackedRetry(method: string, params: string): boolean {
  const key = requestKey(method, params);
  const count = untrackedRetries.get(key);
  if (count === undefined) return false;
  if (count <= 1) untrackedRetries.delete(key);
  else untrackedRetries.set(key, count - 1);
  return true;
}
