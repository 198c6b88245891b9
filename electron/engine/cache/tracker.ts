// What the cache did for one engine call, as the user sees it on a badge: fresh (served without a
// request), miss (fetched, stored or not), bypass, or stale (a refetch failed and the stale copy was
// served, with the error). Also caches the pages of lists the engine walks itself, which the SDK does not.
// A server answer that the resource is gone (not found, invalid params) drops every copy of it this server
// could be served, and so does a result the server marks as not cacheable (`ttlMs: 0`).
import type { AppErrorCode, CacheInfo, CacheMode, CacheScope, ServerId } from '../../../shared/contract';
import { appErrorFrom, isRejectedCursor } from '../errors';
import type { ProtocolLogPort } from '../ports';
import { type CallRecord, newCallRecord, runInCall } from './call-context';
import type { CacheCounterBook } from './counters';
import { jsonParts } from '../json-parts';
import { entryKey, pagePartition } from './keys';
import { isFresh } from '../../../shared/cache/freshness';
import { expiryOf, type ResponseStore, type StoredEntry } from './response-store';
import type { ServerCacheView } from './server-view';

export interface TrackerDeps {
  store: ResponseStore;
  counters: CacheCounterBook;
  viewFor: (serverId: ServerId) => ServerCacheView;
  /** TTL for results that carry no `ttlMs` (2025 servers): 0 means such results are never served. */
  defaultTtlMs: number;
  /** Told about every hit; none when the cache runs alone (its tests, the benchmark). */
  log: ProtocolLogPort | undefined;
  onServed: (serverId: ServerId, method: string, params: string, cache: CacheInfo) => void;
}

/** Errors after which a stale copy may be served (spec: network issues, server downtime). A resource
 * that is gone, bad params, a cancelled call or a refused input are answers, not outages. */
const STALE_IF_ERROR_CODES: ReadonlySet<AppErrorCode> = new Set(['transport', 'timeout', 'internal', 'protocol', 'unknown']);

/** Answers that the resource is gone (or the request can never succeed as it is): no copy of it may be
 * served again, so every copy this server could be served is evicted (the store's change event tells the UI). */
const EVICTING_CODES: ReadonlySet<AppErrorCode> = new Set(['not_found', 'invalid_params']);

interface Hints {
  ttlMs?: number;
  scope?: CacheScope;
}

/** The server's cache hints as they appear on a result object. */
function hintsOf(value: unknown): Hints {
  if (typeof value !== 'object' || value === null) return {};
  const { ttlMs, cacheScope } = value as { ttlMs?: unknown; cacheScope?: unknown };
  return {
    ...(typeof ttlMs === 'number' && Number.isFinite(ttlMs) && { ttlMs }),
    ...((cacheScope === 'public' || cacheScope === 'private') && { scope: cacheScope })
  };
}

function infoFromEntry(entry: StoredEntry, state: CacheInfo['state']): CacheInfo {
  const expiresAt = expiryOf(entry);
  return { state, scope: entry.scope, receivedAt: entry.storedAt, expiresAt, ttlMs: Math.max(0, expiresAt - entry.storedAt) };
}

function parseEntry<T>(entry: StoredEntry): T | undefined {
  try {
    const parsed: unknown = JSON.parse(entry.value);
    // The entry was written for this very method and params, so it has the shape the caller expects.
    return typeof parsed === 'object' && parsed !== null ? (parsed as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The fresh entry the SDK served the call from, when it sent nothing (it neither stored nor refused a result). */
function servedFromCache(record: CallRecord): { entry: StoredEntry } | undefined {
  return !record.stored && !record.refused ? record.lookups.find(l => l.fresh) : undefined;
}

function logParams(method: string, params: string): Record<string, string> {
  if (method === 'resources/read') return { uri: params };
  return params === '' ? {} : { cursor: params };
}

export class CallTracker {
  constructor(private readonly deps: TrackerDeps) {}

  async track<T>(serverId: ServerId, method: string, params: string, mode: CacheMode, run: () => Promise<T>): Promise<{ value: T; cache: CacheInfo }> {
    const view = this.deps.viewFor(serverId);
    const prior = mode === 'bypass' ? undefined : view.visible(method, params, 'sdk')[0];
    const record = newCallRecord(serverId, method, params);
    let value: T;
    try {
      value = await runInCall(record, run);
    } catch (err) {
      return this.staleOrThrow(view, method, params, 'sdk', mode, prior, err);
    }
    // Fetched and not stored (`ttlMs` 0 or none, too large, an MRTR result): the server's newest answer is
    // not to be kept, so no older copy may come back later (as "stale" after a failed refresh, say).
    if (mode !== 'bypass' && !record.stored && !servedFromCache(record)) this.evict(view, method, params, 'sdk');
    return this.served(serverId, method, params, { value, cache: this.describe(record, value, mode, prior) });
  }

  async page<T extends object>(serverId: ServerId, method: string, cursor: string | undefined, mode: CacheMode, fetch: () => Promise<T>): Promise<{ value: T; cache: CacheInfo; text?: () => readonly string[] }> {
    const view = this.deps.viewFor(serverId);
    const params = cursor ?? '';
    const served = (result: { value: T; cache: CacheInfo }) => this.served(serverId, method, params, result);
    const held = mode === 'bypass' ? [] : view.visible(method, params, 'page');
    const now = this.deps.store.now();
    const fresh = mode === 'use' ? held.find(e => isFresh(e, now)) : undefined;
    const hit = fresh && parseEntry<T>(fresh);
    if (fresh && hit) {
      this.deps.store.get(fresh.key); // marks it recently used
      this.countHit(serverId, method, params);
      return served({ value: hit, cache: infoFromEntry(fresh, 'fresh') });
    }
    const record = newCallRecord(serverId, method, params);
    let value: T;
    try {
      value = await runInCall(record, fetch);
    } catch (err) {
      if (isRejectedCursor(err, cursor)) {
        // Spec (pagination): a cursor that became invalid discards every cached page of the list.
        view.dropList(method);
        throw err;
      }
      return this.staleOrThrow(view, method, params, 'page', mode, held[0], err);
    }
    if (mode !== 'bypass' && !record.mrtrRetry && (value as { resultType?: unknown }).resultType !== 'input_required') {
      record.stored = this.storePage(view, method, params, value);
    }
    const stored = record.stored;
    const result = served({ value, cache: this.describe(record, value, mode, held[0]) });
    return stored ? { ...result, text: () => stored.valueParts ?? [stored.value] } : result;
  }

  private storePage(view: ServerCacheView, method: string, params: string, value: object): StoredEntry | undefined {
    const hints = hintsOf(value);
    const ttlMs = Math.max(0, hints.ttlMs ?? this.deps.defaultTtlMs);
    const scope = hints.scope ?? 'private';
    const own = pagePartition(view.principal);
    const shared = pagePartition('');
    const partition = scope === 'public' ? shared : own;
    // A scope flip must not leave the previous copy in the other slot.
    if (own !== shared) this.deps.store.delete(entryKey(view.identity, partition === own ? shared : own, method, params));
    const key = entryKey(view.identity, partition, method, params);
    // A later page whose list has lost its first page (evicted, or not cacheable) could never be part of a whole
    // list: kept, it would only push whole lists out (response-store.ts evicts a list's pages together).
    const headless = params !== '' && !this.deps.store.peek(entryKey(view.identity, partition, method, ''));
    if (ttlMs === 0 || headless) {
      this.deps.store.delete(key);
      return undefined;
    }
    const now = this.deps.store.now();
    return this.deps.store.put({
      key,
      identity: view.identity,
      serverId: view.serverId,
      writerPrincipal: view.principal,
      method,
      params,
      partition,
      scope,
      value: { serialize: () => jsonParts(value) },
      expiresAt: now + ttlMs,
      storedAt: now
    });
  }

  private describe(record: CallRecord, value: unknown, mode: CacheMode, prior: StoredEntry | undefined): CacheInfo {
    const { serverId, method, params } = record;
    const hints = hintsOf(value);
    if (mode === 'bypass') {
      return { state: 'bypass', receivedAt: this.deps.store.now(), ...(hints.scope && { scope: hints.scope }), ...(hints.ttlMs !== undefined && { ttlMs: hints.ttlMs }) };
    }
    const servedFrom = servedFromCache(record);
    if (servedFrom) {
      this.countHit(serverId, method, params);
      return this.withServerTtl(infoFromEntry(servedFrom.entry, 'fresh'), hints);
    }
    this.deps.counters.bump(serverId, prior ? 'revalidations' : 'misses');
    if (record.stored) return this.withServerTtl(infoFromEntry(record.stored, 'miss'), hints);
    // Fetched but not stored (ttl 0, too large, or an MRTR result): shown as not cacheable.
    return { state: 'miss', receivedAt: this.deps.store.now(), ...(hints.scope && { scope: hints.scope }), ...(hints.ttlMs !== undefined && { ttlMs: Math.max(0, hints.ttlMs) }) };
  }

  /**
   * Reports the server's ttlMs (capped like the entry) instead of expiresAt - receivedAt, which comes out a
   * millisecond or so short: the SDK stamps expiry with its own clock reading, taken before the store's.
   */
  private withServerTtl(info: CacheInfo, hints: Hints): CacheInfo {
    if (hints.ttlMs === undefined) return info;
    return { ...info, ttlMs: Math.min(Math.max(0, hints.ttlMs), this.deps.store.maxTtlMs) };
  }

  private countHit(serverId: ServerId, method: string, params: string): void {
    this.deps.counters.bump(serverId, 'hits');
    this.deps.log?.recordCacheHit(serverId, method, logParams(method, params));
  }

  private staleOrThrow<T>(view: ServerCacheView, method: string, params: string, kind: StoredEntry['kind'], mode: CacheMode, prior: StoredEntry | undefined, err: unknown): { value: T; cache: CacheInfo } {
    const { serverId } = view;
    const error = appErrorFrom(err);
    if (EVICTING_CODES.has(error.code)) {
      this.evict(view, method, params, kind);
      throw err;
    }
    const value = prior && mode !== 'bypass' && STALE_IF_ERROR_CODES.has(error.code) ? parseEntry<T>(prior) : undefined;
    if (!prior || value === undefined) throw err;
    // A failed refresh of a still-fresh entry shows it as fresh, with the error.
    const state = isFresh(prior, this.deps.store.now()) ? 'fresh' : 'stale';
    if (state === 'stale') this.deps.counters.bump(serverId, 'staleServed');
    return this.served(serverId, method, params, { value, cache: { ...this.withServerTtl(infoFromEntry(prior, state), hintsOf(value)), error } });
  }

  /** Drops every copy of `method` + `params` this server could be served (its own private ones, the shared public one). */
  private evict(view: ServerCacheView, method: string, params: string, kind: StoredEntry['kind']): void {
    for (const entry of view.visible(method, params, kind)) this.deps.store.delete(entry.key);
  }

  private served<T>(serverId: ServerId, method: string, params: string, result: { value: T; cache: CacheInfo }): { value: T; cache: CacheInfo } {
    this.deps.onServed(serverId, method, params, result.cache);
    return result;
  }
}
