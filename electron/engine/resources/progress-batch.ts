// Groups a list walk's pages into fewer `listProgress` events: the first page goes out at once (rows on
// screen fast), later pages at most every `intervalMs`, and whatever is pending when the walk ends, fails
// or is cancelled. Each event costs a fixed amount on every hop (serialising, a socket write, the
// browser's message dispatch, a JSON parse) on top of its bytes; a 100k listing in 500-item pages is 200
// pages, and the picker repaints a few times a second at most, so one event per page bought nothing.
import type { ResourceItem } from '../../../shared/contract';
import type { PageProgress } from './walk-pages';

export interface ProgressBatch {
  /** First walk page in this batch; 1 means the walk (re)started and earlier items are void. */
  firstPage: number;
  /** Last walk page in this batch. */
  page: number;
  loaded: number;
  items: ResourceItem[];
  done: boolean;
}

export interface ProgressBatcher {
  onPage(progress: PageProgress<ResourceItem>): void;
  /** Sends what is pending (the walk ended early); idempotent. */
  flush(): void;
}

/**
 * `maxItems`: a batch holding this many items goes out at once. The event's text then stays small enough for
 * V8's young generation at every hop (the engine's JSON.stringify and socket write, the page's JSON.parse):
 * a larger one is allocated in the large-object space, fresh memory from the OS each time, which cost more
 * than the events it saved. Pages are never split, so one page larger than this is one event.
 */
export function batchProgress(emit: (batch: ProgressBatch) => void, intervalMs: number, maxItems = Infinity): ProgressBatcher {
  let pending: ProgressBatch | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sentAt = 0;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const batch = pending;
    pending = undefined;
    sentAt = Date.now();
    emit(batch);
  };

  return {
    onPage(progress) {
      // A restart voids the pending items of the previous walk along with everything sent before.
      if (progress.page === 1) pending = undefined;
      if (pending) {
        for (const item of progress.items) pending.items.push(item);
        pending.page = progress.page;
        pending.loaded = progress.loaded;
        pending.done = progress.done;
      } else {
        pending = { firstPage: progress.page, page: progress.page, loaded: progress.loaded, items: progress.items.slice(), done: progress.done };
      }
      const wait = intervalMs - (Date.now() - sentAt);
      if (progress.page === 1 || progress.done || wait <= 0 || pending.items.length >= maxItems) flush();
      // A slow server must not leave pages waiting for the next one to arrive.
      else timer ??= setTimeout(flush, wait);
    },
    flush
  };
}
