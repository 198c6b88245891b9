// A live listing that the page already shows as the server's last known list (a warm start) is, most of the
// time, that same list again. Its pages are then held back while they equal the last known list item for item:
// if the whole live list does, no item is streamed (only how many were listed), and the page keeps what it built
// from the last known list (its columns, sort order and search index), where it would otherwise parse, build and
// sort every item again for no change (fifty servers × 2,000: ~14 MB over the socket and seconds of the page's CPU,
// issue #16). At the first item that differs, the held pages go out in order and the rest streams as it always does.
import equal from 'fast-deep-equal';
import type { ResourceItem, ServerId } from '../../../shared/contract';
import type { LastKnownList } from '../cache/last-known';
import { toResourceItem } from './items';
import type { ProgressBatcher } from './progress-batch';
import type { PageProgress } from './walk-pages';

export interface WithheldProgress extends ProgressBatcher {
  /** The last known list's `storedAt` when every live page equalled it (so no item was streamed); else undefined. */
  sameAsKnown(): number | undefined;
}

export function withholdWhileKnown(serverId: ServerId, known: LastKnownList, next: ProgressBatcher): WithheldProgress {
  // Only the held pages' places: their items are the last known list's, made again if they must go out after all
  // (the engine kept no live item while it streamed, and need not keep up to a whole list of them here).
  let held: Omit<PageProgress<ResourceItem>, 'items' | 'raw'>[] = [];
  let matched = 0;
  let diverged = false;
  let whole = false;
  // The items as the server sent them, both sides (the last known ones are its stored pages, parsed): a plain JSON
  // comparison, ~1 ms for 2,000 items, where comparing the engine's items (making the last known ones again, and
  // node:util's isDeepStrictEqual) took 8-20 ms.
  const sameAt = (raw: unknown, k: number) => k < known.items.length && equal(raw, known.items[k]);

  return {
    onPage(progress) {
      if (diverged) return next.onPage(progress);
      // A restarted walk (a cursor the server no longer took) compares from the start again.
      if (progress.page === 1) {
        held = [];
        matched = 0;
      }
      const same = progress.raw.every((raw, k) => sameAt(raw, matched + k)) && (!progress.done || matched + progress.raw.length === known.items.length);
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
      for (const page of held) {
        const raw = known.items.slice(from, page.loaded);
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
