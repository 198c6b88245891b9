// A server's last known public list, put together from the list pages in the cache (kept there by the
// list walk, or restored from the warm-start file at launch) without a request to the server: the page can
// show it, marked stale, before the server has even connected. Only the shared (public) page slot is read,
// so nothing a server answered as private, or answered to one signed-in user, is ever shown this way; and
// only a whole chain of pages counts (a list missing a page is not a list the server gave).
import { entryKey, pagePartition } from './keys';
import { expiryOf, type ResponseStore } from './response-store';

export interface LastKnownList {
  /** Each page's JSON text as stored, in order: a live page stored as the same text is the same page. */
  pageTexts: readonly string[];
  /** Every page's items, in order, as the server sent them. */
  items: unknown[];
  /** The oldest page's time of storage and the earliest expiry: the list is as old as its oldest page. */
  storedAt: number;
  expiresAt: number;
}

type Loose = Record<string, unknown>;

export function lastKnownList(store: ResponseStore, identity: string, method: string, itemsKey: string): LastKnownList | undefined {
  const partition = pagePartition('');
  const items: unknown[] = [];
  const pageTexts: string[] = [];
  const seen = new Set<string>();
  let storedAt = Infinity;
  let expiresAt = Infinity;
  for (let cursor = ''; ; ) {
    const entry = store.peek(entryKey(identity, partition, method, cursor));
    if (!entry || entry.scope !== 'public') return undefined;
    let page: Loose;
    try {
      page = JSON.parse(entry.value) as Loose;
    } catch {
      return undefined;
    }
    const pageItems = page[itemsKey];
    if (!Array.isArray(pageItems)) return undefined;
    for (const item of pageItems) items.push(item);
    pageTexts.push(entry.value);
    storedAt = Math.min(storedAt, entry.storedAt);
    expiresAt = Math.min(expiresAt, expiryOf(entry));
    seen.add(cursor);
    const next = page.nextCursor;
    if (typeof next !== 'string') return { pageTexts, items, storedAt, expiresAt };
    // A cursor seen before is a loop in what the server sent: no whole list to show.
    if (seen.has(next)) return undefined;
    cursor = next;
  }
}

/** The items of stored list pages, in order (`itemsKey` of each page's JSON); a page without them adds none. */
export function itemsOfPages(pageTexts: readonly string[], itemsKey: string): unknown[] {
  const items: unknown[] = [];
  for (const text of pageTexts) {
    const pageItems = (JSON.parse(text) as Loose)[itemsKey];
    if (Array.isArray(pageItems)) for (const item of pageItems) items.push(item);
  }
  return items;
}
