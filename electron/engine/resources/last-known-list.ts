// `resources.lastKnown`: the last known public list of a server, as the picker shows it before the live
// listing is in (see cache/last-known.ts), with a cache info saying how old it is. Its items are packed as
// `listProgress` items are: fewer bytes to write and to parse than 100k objects, and one decoding path.
import { isFresh } from '../../../shared/cache/freshness';
import { packResourceItems, type PackedListResult, type ServerConfigEntry, type ServerId } from '../../../shared/contract';
import { itemsOfPages } from '../cache/last-known';
import { cacheIdentityOf } from '../connections/transports';
import type { EnginePorts } from '../ports';
import { toResourceItem } from './items';
import type { ShownKnownList } from './withhold-known';

/** A last known list made into its answer, all but the cache info (which depends on when it is asked). */
type PackedKnown = Omit<PackedListResult, 'cache'> & { storedAt: number; expiresAt: number; pageTexts: readonly string[] };

function packLastKnown(ports: EnginePorts, serverId: ServerId, entry: ServerConfigEntry): PackedKnown | null {
  const known = ports.cache.lastKnownResources(cacheIdentityOf(entry));
  if (!known) return null;
  const items = known.items.map(raw => toResourceItem(serverId, raw as Record<string, unknown>));
  return { serverId, items: packResourceItems(items), pages: known.pageTexts.length, storedAt: known.storedAt, expiresAt: known.expiresAt, pageTexts: known.pageTexts };
}

function answerOf(packed: PackedKnown, now: number): PackedListResult {
  const { storedAt, expiresAt, pageTexts: _texts, ...list } = packed;
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
 * How long the engine remembers which last known list it gave, for the live listing that follows it. Past this
 * (a server that took minutes to connect), that listing reads the list from the cache again.
 */
const GIVEN_FOR_MS = 120_000;

/**
 * Answers made ahead. On a warm start the page asks for every server's last known list at once, as soon as it has
 * loaded, and making fifty of them (parsing the stored pages, making and packing 100k items: ~0.6 s of the engine)
 * kept it waiting: they are made while the page loads, one server per turn of the event loop. Each is given once,
 * and only if the cache has not changed since it was made; else, or when none was made, the answer is made then.
 */
export class LastKnownAnswers {
  private readonly made = new Map<ServerId, { identity: string; version: number; packed: PackedKnown | null }>();
  private dropTimer: NodeJS.Timeout | undefined;
  /**
   * The lists given, by their pages' texts (the cache's own strings, not copies): the live listing that follows
   * compares its pages with them as text (withhold-known.ts), where reading the list from the cache again would
   * parse every page (fifty servers × 2,000: ~0.3 s of the engine while they connect, and its garbage).
   */
  private readonly given = new Map<ServerId, { identity: string; pageTexts: readonly string[]; storedAt: number; timer: NodeJS.Timeout }>();

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
    if (packed) this.remember(serverId, cacheIdentityOf(entry), packed);
    return packed && answerOf(packed, now);
  }

  /**
   * The last known list last given for `serverId` (configured as `entry`), once: for the live listing of a page
   * that shows it. Undefined when none was given, or since its configuration changed.
   */
  takeGiven(serverId: ServerId, entry: ServerConfigEntry): ShownKnownList | undefined {
    const given = this.given.get(serverId);
    if (!given) return undefined;
    clearTimeout(given.timer);
    this.given.delete(serverId);
    if (given.identity !== cacheIdentityOf(entry)) return undefined;
    let items: unknown[] | undefined;
    return { pageTexts: given.pageTexts, storedAt: given.storedAt, items: () => (items ??= itemsOfPages(given.pageTexts, 'resources')) };
  }

  private remember(serverId: ServerId, identity: string, packed: PackedKnown): void {
    clearTimeout(this.given.get(serverId)?.timer);
    const timer = setTimeout(() => this.given.delete(serverId), GIVEN_FOR_MS);
    timer.unref();
    this.given.set(serverId, { identity, pageTexts: packed.pageTexts, storedAt: packed.storedAt, timer });
  }
}
