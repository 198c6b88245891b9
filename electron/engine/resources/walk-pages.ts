// Walks a paginated MCP list (resources, templates) page by page, so callers can stream progress,
// cancel between pages, and survive misbehaving servers:
// - a page that repeats the previous one under the same cursor ends the walk (as the SDK does);
// - any other cursor seen twice is a loop and fails the walk instead of running forever;
// - a cursor the server no longer accepts (-32602, e.g. after a server restart) restarts from page 1;
// - more than `maxItems` items, or more than `maxText` characters of them (`weigh`), fails the walk rather than
//   exhausting memory: a million typical items are ~150 million characters, a hostile server's can be any size.
// The next page is requested before the current one is mapped and reported, so that work (checking and
// copying each item, serialising a `listProgress` event per client) overlaps the server's instead of adding
// to every round trip.
import { appError, isRejectedCursor } from '../errors';

export interface RawPage<R> {
  items: R[];
  nextCursor?: string;
  /** The page's JSON text as the cache stored it (in parts), when it did. */
  text?: () => readonly string[];
}

export interface PageProgress<T> {
  /** 1-based; a `1` after later pages means the walk restarted and earlier items are void. */
  page: number;
  loaded: number;
  items: T[];
  /** The same items as the server sent them, before `map`. */
  raw: readonly unknown[];
  /** The whole page's JSON text as the cache stored it, in parts (absent when it was not stored). */
  text?: () => readonly string[];
  done: boolean;
}

export interface WalkOptions<R, T> {
  fetchPage(cursor: string | undefined): Promise<RawPage<R>>;
  map(raw: R): T;
  onPage?(progress: PageProgress<T>): void;
  signal: AbortSignal;
  maxItems: number;
  /** An item's size in characters of text, counted against `maxText`. */
  weigh?(item: T): number;
  maxText?: number;
  /** Told the walk's text so far after each page, before the page is reported; may throw to stop the walk. */
  onText?(text: number): void;
  maxRestarts?: number;
  /** False: items are only reported through `onPage`, not collected (the result's `items` is empty). */
  collect?: boolean;
}

export interface WalkResult<T> {
  items: T[];
  pages: number;
}

/** Resolves after pending I/O callbacks, so a request just issued is written before synchronous work. */
const afterIo = () => new Promise<void>(resolve => setImmediate(resolve));

/** Same items, compared only in the rare case a server answers a cursor with itself. */
const samePage = <R>(a: readonly R[], b: readonly R[]) => a.length === b.length && JSON.stringify(a) === JSON.stringify(b);

export async function walkPages<R, T>(options: WalkOptions<R, T>): Promise<WalkResult<T>> {
  const maxRestarts = options.maxRestarts ?? 1;
  const collect = options.collect ?? true;
  for (let restarts = 0; ; restarts++) {
    const items: T[] = [];
    const seen = new Set<string>();
    let loaded = 0;
    let text = 0;
    let cursor: string | undefined;
    let previous: readonly R[] | undefined;
    let pages = 0;
    let ahead: Promise<RawPage<R>> | undefined;
    for (;;) {
      options.signal.throwIfAborted();
      let page: RawPage<R>;
      try {
        page = await (ahead ?? options.fetchPage(cursor));
      } catch (err) {
        if (isRejectedCursor(err, cursor) && restarts < maxRestarts) break;
        throw err;
      } finally {
        ahead = undefined;
      }
      pages++;
      if (cursor !== undefined && page.nextCursor === cursor && previous && samePage(page.items, previous)) {
        options.onPage?.({ page: pages, loaded, items: [], raw: [], done: true });
        return { items, pages };
      }
      loaded += page.items.length;
      if (loaded > options.maxItems) throw appError('protocol', `The server listed more than ${options.maxItems} items; stopped there`);
      const next = page.nextCursor;
      const done = next === undefined;
      if (!done && seen.has(next)) throw appError('protocol', `The server's pagination loops: cursor ${JSON.stringify(next).slice(0, 80)} came back after ${pages} pages`);
      if (!done && !options.signal.aborted) {
        ahead = options.fetchPage(next);
        // Awaited on the next turn of the loop; until then a rejection must not count as unhandled.
        ahead.catch(() => undefined);
        await afterIo();
      }
      // Mapped once the next page is on its way, so the server works on it meanwhile.
      const mapped = page.items.map(options.map);
      if (options.weigh) {
        for (const item of mapped) text += options.weigh(item);
        const maxText = options.maxText ?? Infinity;
        if (text > maxText) throw appError('too_large', `The server listed more than ${maxText} characters of names, URIs, descriptions and icons; stopped there`);
        options.onText?.(text);
      }
      if (collect) for (const item of mapped) items.push(item);
      options.onPage?.({ page: pages, loaded, items: mapped, raw: page.items, ...(page.text && { text: page.text }), done });
      if (done) return { items, pages };
      seen.add(next);
      previous = page.items;
      cursor = next;
    }
    // Only a rejected cursor leaves the page loop: start over from the first page.
  }
}
