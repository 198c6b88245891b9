// The `ResponseCacheStore` one server's Client sees. It maps the SDK's keys into the shared store under
// the server's config identity, records lookups and writes for the call being tracked, refuses what
// must never be cached, keeps private entries with the principal that wrote them, and widens the SDK's
// invalidations so that every cached copy of a changed resource or list goes.
import type { CacheEntry, CacheKey, CacheScope, ResponseCacheStore } from '@modelcontextprotocol/client';
import type { ServerId } from '../../../shared/contract';
import { consumeUntrackedRetry, currentCall } from './call-context';
import { LIST_METHODS, entryKey, requestKey } from './keys';
import { isFresh } from '../../../shared/cache/freshness';
import type { ResponseStore, StoredEntry } from './response-store';

/** Interim `input_required` results carry no cache hints and are never cacheable (spec: cacheable results). */
function isInterimResult(value: string): boolean {
  if (!value.includes('input_required')) return false;
  try {
    return (JSON.parse(value) as { resultType?: unknown }).resultType === 'input_required';
  } catch {
    return false;
  }
}

export class ServerCacheView implements ResponseCacheStore {
  /** Principal of the credential in use; private entries are served only to it. */
  principal = '';
  /**
   * Partition of the last write per key whose cleanup delete has not arrived yet. After storing, the SDK
   * deletes the same key in the opposite partition (a scope flip); that delete must stay exact, while
   * notification deletes widen. (With one partition the SDK sends no cleanup, and none is expected.)
   */
  private readonly pendingCleanups = new Map<string, string>();

  constructor(
    private readonly store: ResponseStore,
    readonly serverId: ServerId,
    public identity: string
  ) {}

  /** Whether this server's connection may be served `entry`. */
  canSee(entry: StoredEntry): boolean {
    if (entry.identity !== this.identity) return false;
    if (entry.scope === 'public') return true;
    return entry.serverId === this.serverId && entry.writerPrincipal === this.principal;
  }

  get(key: CacheKey): CacheEntry | undefined {
    const entry = this.store.get(entryKey(this.identity, key.partition ?? '', key.method, key.params ?? ''));
    if (!entry || !this.canSee(entry)) return undefined;
    currentCall(this.serverId)?.lookups.push({ entry, fresh: isFresh(entry, this.store.now()) });
    return { value: entry.value, stamp: entry.stamp, expiresAt: entry.expiresAt, scope: entry.scope };
  }

  set(key: CacheKey, input: { value: string; expiresAt?: number; scope?: CacheScope }): number {
    const method = key.method;
    const params = key.params ?? '';
    const partition = key.partition ?? '';
    const storeKey = entryKey(this.identity, partition, method, params);
    const call = currentCall(this.serverId);
    this.notePendingCleanup(method, params, partition);
    const refused = call?.mrtrRetry || consumeUntrackedRetry(method, params) ? 'mrtr' : isInterimResult(input.value) ? 'input_required' : undefined;
    if (refused) {
      // The server wanted input for this request: an older copy must not keep being served either.
      this.store.delete(storeKey);
      if (call) call.refused = refused;
      return 0;
    }
    const stored = this.store.put({
      key: storeKey,
      identity: this.identity,
      serverId: this.serverId,
      writerPrincipal: this.principal,
      method,
      params,
      partition,
      scope: input.scope ?? 'private',
      value: input.value,
      expiresAt: input.expiresAt
    });
    if (call) {
      if (stored) call.stored = stored;
      else call.refused = 'too_large';
    }
    return stored?.stamp ?? 0;
  }

  delete(key: CacheKey): void {
    const method = key.method;
    const params = key.params ?? '';
    if (this.takePendingCleanup(method, params, key.partition ?? '')) {
      this.store.delete(entryKey(this.identity, key.partition ?? '', method, params));
      return;
    }
    // `resources/updated` for a URI, or `list_changed` for a list (its singleton has params ''): the data
    // changed at the server, so every partition's copy goes, and for a list every cached page too.
    if (LIST_METHODS.has(method) && params === '') this.dropList(method);
    else this.store.deleteWhere(e => e.identity === this.identity && e.method === method && e.params === params);
  }

  evict(method: string): void {
    this.store.deleteWhere(e => e.identity === this.identity && e.method === method);
  }

  /** The SDK clears only its own default store; for a shared store this drops this server's entries. */
  clear(): void {
    this.store.deleteWhere(e => e.serverId === this.serverId);
  }

  /** Drops a whole list: the SDK's aggregate and every page, in every partition. */
  dropList(method: string): number {
    return this.store.deleteWhere(e => e.identity === this.identity && e.method === method);
  }

  /** Entries this server may be served for `method` + `params`, newest first. */
  visible(method: string, params: string, kind: StoredEntry['kind']): StoredEntry[] {
    // Only entries of this identity can be seen (canSee), so only its own are read.
    return this.store
      .entriesOf(this.identity, method, params)
      .filter(e => e.kind === kind && this.canSee(e))
      .sort((a, b) => b.storedAt - a.storedAt);
  }

  private notePendingCleanup(method: string, params: string, partition: string): void {
    this.pendingCleanups.set(requestKey(method, params), partition);
  }

  /** True when this delete is the SDK's cleanup of the opposite partition right after a write. */
  private takePendingCleanup(method: string, params: string, partition: string): boolean {
    const key = requestKey(method, params);
    const written = this.pendingCleanups.get(key);
    if (written === undefined || written === partition) return false;
    this.pendingCleanups.delete(key);
    return true;
  }
}
