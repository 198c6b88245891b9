// A live listing that the page already shows as the server's last known list (a warm start) is, most of the
// time, that same list again. Its pages are then held back while they equal the last known list (page for page as
// the cache stored them, or else item for item): if the whole live list does, no item is streamed (only how many
// were listed), and the page keeps what it built from the last known list (its columns, sort order and search
// index), where it would otherwise parse, build and sort every item again for no change (fifty servers × 2,000:
// ~14 MB over the socket and seconds of the page's CPU, issue #16). At the first item that differs, the held pages
// go out in order and the rest streams as it always does.
import equal from 'fast-deep-equal';
import type { ResourceItem, ServerId } from '../../../shared/contract';
import type { LastKnownList } from '../cache/last-known';
import { toResourceItem } from './items';
import type { ProgressBatcher } from './progress-batch';
import type { PageProgress } from './walk-pages';

/** The last known list the page shows: its pages as stored, and their items, parsed only when a page needs them. */
export interface ShownKnownList {
  pageTexts: readonly string[];
  items(): readonly unknown[];
  storedAt: number;
}

export const shownKnownOf = (known: LastKnownList): ShownKnownList => ({ pageTexts: known.pageTexts, storedAt: known.storedAt, items: () => known.items });

/** Whether `parts` joined are `text`, without joining them (a page's text is stored in parts, json-parts.ts). */
function sameText(parts: readonly string[], text: string): boolean {
  let length = 0;
  for (const part of parts) length += part.length;
  if (length !== text.length) return false;
  let at = 0;
  for (const part of parts) {
    if (!text.startsWith(part, at)) return false;
    at += part.length;
  }
  return true;
}

export interface WithheldProgress extends ProgressBatcher {
  /** The last known list's `storedAt` when every live page equalled it (so no item was streamed); else undefined. */
  sameAsKnown(): number | undefined;
}

export function withholdWhileKnown(serverId: ServerId, known: ShownKnownList, next: ProgressBatcher): WithheldProgress {
  // Only the held pages' places: their items are the last known list's, made again if they must go out after all
  // (the engine kept no live item while it streamed, and need not keep up to a whole list of them here).
  let held: Omit<PageProgress<ResourceItem>, 'items' | 'raw'>[] = [];
  let matched = 0;
  // While every live page so far was stored as the same text as the last known page in its place, the next one is
  // compared with the next known page as text: no page on either side is parsed, or compared item by item.
  let pageForPage = true;
  let diverged = false;
  let whole = false;
  const sameTextAsKnown = (progress: PageProgress<ResourceItem>) => {
    const knownText = known.pageTexts[progress.page - 1];
    return pageForPage && progress.text !== undefined && knownText !== undefined && sameText(progress.text(), knownText) && (!progress.done || progress.page === known.pageTexts.length);
  };
  // Otherwise the items as the server sent them, both sides (the last known ones are its stored pages, parsed): a
  // plain JSON comparison, ~1 ms for 2,000 items, where comparing the engine's items (making the last known ones
  // again, and node:util's isDeepStrictEqual) took 8-20 ms.
  const sameItemsAsKnown = (progress: PageProgress<ResourceItem>) => {
    const items = known.items();
    const sameAt = (raw: unknown, k: number) => k < items.length && equal(raw, items[k]);
    return progress.raw.every((raw, k) => sameAt(raw, matched + k)) && (!progress.done || matched + progress.raw.length === items.length);
  };

  return {
    onPage(progress) {
      if (diverged) return next.onPage(progress);
      // A restarted walk (a cursor the server no longer took) compares from the start again.
      if (progress.page === 1) {
        held = [];
        matched = 0;
        pageForPage = true;
      }
      const byText = sameTextAsKnown(progress);
      if (!byText) pageForPage = false;
      const same = byText || sameItemsAsKnown(progress);
      if (same) {
        held.push({ page: progress.page, loaded: progress.loaded, done: progress.done });
        matched += progress.raw.length;
        whole = progress.done;
        // Its count goes on without its items, so the page's progress still moves. Never as done: the page would
        // take an empty list for the whole live one.
        next.onPage({ ...progress, items: [], raw: [], done: false });
        return;
      }
      diverged = true;
      let from = 0;
      const knownItems = known.items();
      for (const page of held) {
        const raw = knownItems.slice(from, page.loaded);
        next.onPage({ ...page, raw, items: raw.map(item => toResourceItem(serverId, item as Record<string, unknown>)) });
        from = page.loaded;
      }
      held = [];
      next.onPage(progress);
    },
    // Held pages stay held when the walk fails or is cancelled: the page keeps showing the last known list
    // until a live list is whole, so they would not have been shown.
    flush: () => next.flush(),
    sameAsKnown: () => (!diverged && whole ? known.storedAt : undefined)
  };
}
