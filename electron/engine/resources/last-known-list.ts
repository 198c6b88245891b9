// `resources.lastKnown`: the last known public list of a server, as the picker shows it before the live
// listing is in (see cache/last-known.ts), with a cache info saying how old it is. Its items are packed as
// `listProgress` items are: fewer bytes to write and to parse than 100k objects, and one decoding path.
import { isFresh } from '../../../shared/cache/freshness';
import { packResourceItems, type PackedListResult, type ServerConfigEntry, type ServerId } from '../../../shared/contract';
import { cacheIdentityOf } from '../connections/transports';
import type { EnginePorts } from '../ports';
import { toResourceItem } from './items';

export function lastKnownResources(ports: EnginePorts, serverId: ServerId, entry: ServerConfigEntry, now = Date.now()): PackedListResult | null {
  const known = ports.cache.lastKnownResources(cacheIdentityOf(entry));
  if (!known) return null;
  const items = known.items.map(raw => toResourceItem(serverId, raw as Record<string, unknown>));
  const fresh = isFresh(known, now);
  return {
    serverId,
    items: packResourceItems(items),
    pages: known.pages,
    cache: { state: fresh ? 'fresh' : 'stale', scope: 'public', receivedAt: known.storedAt, expiresAt: known.expiresAt, ttlMs: Math.max(0, known.expiresAt - known.storedAt) }
  };
}
