// Pinned resources lead the list: the matching rows whose item is pinned move to the front, in the order the
// list had them, and the rest follow unchanged. Runs after search, filters and sort, on typed arrays, so it
// costs one pass over the rows (and nothing at all while nothing is pinned).
import type { ItemSource } from '../../../shared/picker/item-source';
import { parseResourceKey, resourceKey } from '../../../shared/resource-key';

/** Up to this many URIs are compared with each item in place; more are looked up by each item's URI text. */
const COMPARED_URIS = 8;

/**
 * Where each of `keys` (resource keys) is in `items`: key → index, for the keys listed. Matched by URI first,
 * so no key is built per item (one pass, cheap at a million items); a few URIs (a pin, the selection of a few
 * rows) are compared in place, so no item's URI text is made either.
 */
export function indicesOfKeys(items: ItemSource, keys: Iterable<string>): Map<string, number> {
  const found = new Map<string, number>();
  const serversByUri = new Map<string, Set<string>>();
  for (const key of keys) {
    const { serverId, uri } = parseResourceKey(key);
    const servers = serversByUri.get(uri) ?? new Set<string>();
    servers.add(serverId);
    serversByUri.set(uri, servers);
  }
  if (serversByUri.size === 0) return found;
  const few = serversByUri.size <= COMPARED_URIS ? [...serversByUri.keys()] : undefined;
  const uriOf = (i: number): string | undefined => {
    if (!few) return items.uriAt(i);
    for (const candidate of few) if (items.uriIs(i, candidate)) return candidate;
    return undefined;
  };
  for (let i = 0; i < items.length; i++) {
    const uri = uriOf(i);
    if (uri !== undefined && serversByUri.get(uri)?.has(items.serverIdAt(i))) found.set(resourceKey({ serverId: items.serverIdAt(i), uri }), i);
  }
  return found;
}

/** `rows` (item indices in display order) with the pinned ones first; `rows` itself when none of them is pinned. */
export function pinnedFirst(rows: Uint32Array, pinned: ReadonlySet<number>): Uint32Array {
  if (pinned.size === 0) return rows;
  const front: number[] = [];
  for (const i of rows) if (pinned.has(i)) front.push(i);
  if (front.length === 0) return rows;
  const out = new Uint32Array(rows.length);
  out.set(front);
  let at = front.length;
  for (const i of rows) if (!pinned.has(i)) out[at++] = i;
  return out;
}
