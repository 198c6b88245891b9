// `resources.lastKnown`: the last known public list of a server, as the picker shows it before the live
// listing is in (see cache/last-known.ts), with a cache info saying how old it is. Its items are packed as
// `listProgress` items are: fewer bytes to write and to parse than 100k objects, and one decoding path.
import { isFresh } from '../../../shared/cache/freshness';
import { packResourceItems, type PackedListResult, type ServerConfigEntry, type ServerId } from '../../../shared/contract';
import { cacheIdentityOf } from '../connections/transports';
import type { EnginePorts } from '../ports';
import { toResourceItem } from './items';

/** A last known list made into its answer, all but the cache info (which depends on when it is asked). */
type PackedKnown = Omit<PackedListResult, 'cache'> & { storedAt: number; expiresAt: number };

function packLastKnown(ports: EnginePorts, serverId: ServerId, entry: ServerConfigEntry): PackedKnown | null {
  const known = ports.cache.lastKnownResources(cacheIdentityOf(entry));
  if (!known) return null;
  const items = known.items.map(raw => toResourceItem(serverId, raw as Record<string, unknown>));
  return { serverId, items: packResourceItems(items), pages: known.pages, storedAt: known.storedAt, expiresAt: known.expiresAt };
}

function answerOf(packed: PackedKnown, now: number): PackedListResult {
  const { storedAt, expiresAt, ...list } = packed;
  const fresh = isFresh({ expiresAt }, now);
  return { ...list, cache: { state: fresh ? 'fresh' : 'stale', scope: 'public', receivedAt: storedAt, expiresAt, ttlMs: Math.max(0, expiresAt - storedAt) } };
}

export function lastKnownResources(ports: EnginePorts, serverId: ServerId, entry: ServerConfigEntry, now = Date.now()): PackedListResult | null {
  const packed = packLastKnown(ports, serverId, entry);
  return packed && answerOf(packed, now);
}

/** How long answers made ahead are kept for a page that has not asked yet. */
const PREPARED_FOR_MS = 30_000;

/**
 * Answers made ahead. On a warm start the page asks for every server's last known list at once, as soon as it has
 * loaded, and making fifty of them (parsing the stored pages, making and packing 100k items: ~0.6 s of the engine)
 * kept it waiting: they are made while the page loads, one server per turn of the event loop. Each is given once,
 * and only if the cache has not changed since it was made; else, or when none was made, the answer is made then.
 */
export class LastKnownAnswers {
  private readonly made = new Map<ServerId, { identity: string; version: number; packed: PackedKnown | null }>();
  private dropTimer: NodeJS.Timeout | undefined;

  constructor(private readonly ports: EnginePorts) {}

  prepare(servers: readonly (readonly [ServerId, ServerConfigEntry])[]): void {
    const next = (k: number) => {
      if (k >= servers.length) return;
      const [serverId, entry] = servers[k];
      try {
        this.made.set(serverId, { identity: cacheIdentityOf(entry), version: this.ports.cache.version(), packed: packLastKnown(this.ports, serverId, entry) });
      } catch {
        // Not made ahead: asked, it is made then, and its error is the caller's to see.
      }
      setImmediate(next, k + 1);
    };
    setImmediate(next, 0);
    clearTimeout(this.dropTimer);
    this.dropTimer = setTimeout(() => this.made.clear(), PREPARED_FOR_MS);
    this.dropTimer.unref();
  }

  answer(serverId: ServerId, entry: ServerConfigEntry, now = Date.now()): PackedListResult | null {
    const made = this.made.get(serverId);
    this.made.delete(serverId);
    const packed = made && made.identity === cacheIdentityOf(entry) && made.version === this.ports.cache.version() ? made.packed : packLastKnown(this.ports, serverId, entry);
    return packed && answerOf(packed, now);
  }
}
