// The engine's response cache: one store shared by every connection (electron/engine/ports.ts CachePort),
// per-server views handed to each SDK Client, call tracking for badges and counters, inspection methods,
// coalesced events, optional warm start. See docs/cache.md.
import path from 'node:path';
import type { CacheInfo, ServerId } from '../../../shared/contract';
import type { EventBus } from '../event-bus';
import type { CachePort, ProtocolLogPort } from '../ports';
import { CacheChangeEmitter } from './change-events';
import { CacheCounterBook } from './counters';
import { type CacheMethods, cacheHandlers, snapshotOf } from './inspection';
import { privatePrincipal, viewIdentity } from './keys';
import { lastKnownList } from './last-known';
import { guardTransport } from './mrtr-guard';
import { ResponseStore } from './response-store';
import { ServerCacheView } from './server-view';
import { CallTracker } from './tracker';
import { WarmStart } from './warm-start';
import type { HandlerMap } from '../handlers';

export interface CacheOptions {
  bus: EventBus;
  /** Memory budget for cached bodies; least recently used entries go first. Default 64 MB. */
  budgetBytes?: number;
  /** Upper bound on any server TTL. Default 1 hour: a server cannot pin a stale copy for a day. */
  maxTtlMs?: number;
  /** TTL for results without a `ttlMs` hint (2025 servers). Default 0: not served from the cache. */
  defaultTtlMs?: number;
  /** Enables warm start: public list entries are kept in `<dataDir>/cache/warm.json`. */
  dataDir?: string;
  /** The protocol log, told about every hit (nothing went on the wire). Tests and benchmarks of the cache alone have none. */
  log?: ProtocolLogPort;
  now?: () => number;
}

export interface CacheModule {
  port: CachePort;
  handlers: HandlerMap<CacheMethods>;
  /** Loads the warm-start file (if enabled); returns how many entries came back. */
  loadWarm(): Promise<number>;
  /** Flushes pending events and writes the warm-start file. */
  close(): Promise<void>;
  /** For tests and the benchmark: the raw snapshot without going through the contract. */
  snapshot: () => ReturnType<typeof snapshotOf>;
}

const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_TTL_MS = 60 * 60 * 1000;
const WARM_SAVE_DELAY_MS = 2000;
const WARM_SAVE_MAX_DELAY_MS = 30_000;

export function createCache(options: CacheOptions): CacheModule {
  const events = new CacheChangeEmitter(options.bus);
  let warm: WarmStart | undefined;
  let warmTimer: NodeJS.Timeout | undefined;
  let firstUnsavedAt = 0;
  // Closing writes the file once more; a change after that (a reply landing while the servers stop) is not saved
  // later into a data dir its owner may have removed, or over the file of an engine that followed on it.
  let closed = false;
  // Saved once the cache has been quiet for WARM_SAVE_DELAY_MS (at most WARM_SAVE_MAX_DELAY_MS after the
  // first unsaved change): every save serialises all public list pages, so saving every 2 s while a 100k
  // list streams in cost a fifth of the listing.
  const scheduleWarmSave = () => {
    if (!warm || closed) return;
    const now = Date.now();
    if (warmTimer) clearTimeout(warmTimer);
    else firstUnsavedAt = now;
    const delay = Math.min(WARM_SAVE_DELAY_MS, Math.max(0, firstUnsavedAt + WARM_SAVE_MAX_DELAY_MS - now));
    warmTimer = setTimeout(() => {
      warmTimer = undefined;
      void warm?.save();
    }, delay);
    warmTimer.unref();
  };
  // Entries put while the warm-start file is being restored are on disk already: writing them back at once cost
  // the engine ~3 s of a loaded machine's time while fifty servers started and the page asked for their lists.
  let restoring = false;
  const store = new ResponseStore({
    budgetBytes: options.budgetBytes ?? DEFAULT_BUDGET_BYTES,
    maxTtlMs: options.maxTtlMs ?? DEFAULT_MAX_TTL_MS,
    now: options.now ?? Date.now,
    onChange: ids => {
      events.mark(ids);
      if (!restoring) scheduleWarmSave();
    }
  });
  if (options.dataDir) warm = new WarmStart(path.join(options.dataDir, 'cache', 'warm.json'), store);
  const counters = new CacheCounterBook(id => events.mark([id]));

  const views = new Map<ServerId, ServerCacheView>();
  const viewFor = (serverId: ServerId, configIdentity?: string): ServerCacheView => {
    const identity = viewIdentity(serverId, configIdentity);
    let view = views.get(serverId);
    if (!view) {
      view = new ServerCacheView(store, serverId, identity);
      views.set(serverId, view);
    } else if (configIdentity !== undefined) {
      view.identity = identity;
    }
    return view;
  };

  const tracker = new CallTracker({
    store,
    counters,
    viewFor: id => viewFor(id),
    defaultTtlMs: options.defaultTtlMs ?? 0,
    log: options.log,
    onServed: (serverId, method, params, cache: CacheInfo) => options.bus.emit('cacheServed', { serverId, method, params, cache })
  });

  const port: CachePort = {
    storeFor: (serverId, identity) => viewFor(serverId, identity),
    partitionFor: (serverId, credentialId) => {
      const principal = privatePrincipal(serverId, credentialId);
      viewFor(serverId).principal = principal;
      return principal;
    },
    defaultTtlMs: options.defaultTtlMs ?? 0,
    track: (serverId, method, params, mode, run) => tracker.track(serverId, method, params, mode, run),
    page: (serverId, method, cursor, mode, fetch) => tracker.page(serverId, method, cursor, mode, fetch),
    guardTransport,
    dropPrivate: serverId => store.deleteWhere(entry => entry.serverId === serverId && entry.scope === 'private'),
    lastKnownResources: configIdentity => lastKnownList(store, viewIdentity('', configIdentity), 'resources/list', 'resources'),
    version: () => store.version
  };

  return {
    port,
    handlers: cacheHandlers(store, counters),
    loadWarm: async () =>
      warm
        ? warm.load(fill => {
            restoring = true;
            try {
              return fill();
            } finally {
              restoring = false;
            }
          })
        : 0,
    async close() {
      closed = true;
      events.flush();
      if (warmTimer) clearTimeout(warmTimer);
      warmTimer = undefined;
      await warm?.save();
    },
    snapshot: () => snapshotOf(store, counters)
  };
}
