// Walks a paginated MCP list (resources, templates) page by page, so callers can stream progress,
// cancel between pages, and survive misbehaving servers:
// - a page that repeats the previous one under the same cursor ends the walk (as the SDK does);
// - any other cursor seen twice is a loop and fails the walk instead of running forever;
// - a cursor the server no longer accepts (-32602, e.g. after a server restart) restarts from page 1;
// - more than `maxItems` items fails the walk rather than exhausting memory.
import { ProtocolError } from '@modelcontextprotocol/client';
import { appError } from '../errors';

export interface RawPage<R> {
  items: R[];
  nextCursor?: string;
}

export interface PageProgress<T> {
  /** 1-based; a `1` after later pages means the walk restarted and earlier items are void. */
  page: number;
  loaded: number;
  items: T[];
  done: boolean;
}

export interface WalkOptions<R, T> {
  fetchPage(cursor: string | undefined): Promise<RawPage<R>>;
  map(raw: R): T;
  onPage?(progress: PageProgress<T>): void;
  signal: AbortSignal;
  maxItems: number;
  maxRestarts?: number;
}

export interface WalkResult<T> {
  items: T[];
  pages: number;
}

const INVALID_PARAMS = -32602;

function isRejectedCursor(err: unknown, cursor: string | undefined): boolean {
  return cursor !== undefined && err instanceof ProtocolError && err.code === INVALID_PARAMS;
}

export async function walkPages<R, T>(options: WalkOptions<R, T>): Promise<WalkResult<T>> {
  const maxRestarts = options.maxRestarts ?? 1;
  for (let restarts = 0; ; restarts++) {
    const items: T[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    let previous: string | undefined;
    let pages = 0;
    for (;;) {
      options.signal.throwIfAborted();
      let page: RawPage<R>;
      try {
        page = await options.fetchPage(cursor);
      } catch (err) {
        if (isRejectedCursor(err, cursor) && restarts < maxRestarts) break;
        throw err;
      }
      pages++;
      const fingerprint = JSON.stringify(page.items);
      if (cursor !== undefined && page.nextCursor === cursor && fingerprint === previous) {
        options.onPage?.({ page: pages, loaded: items.length, items: [], done: true });
        return { items, pages };
      }
      const mapped = page.items.map(options.map);
      items.push(...mapped);
      if (items.length > options.maxItems) throw appError('protocol', `The server listed more than ${options.maxItems} items; stopped there`);
      const next = page.nextCursor;
      const done = next === undefined;
      if (!done && seen.has(next)) throw appError('protocol', `The server's pagination loops: cursor ${JSON.stringify(next).slice(0, 80)} came back after ${pages} pages`);
      options.onPage?.({ page: pages, loaded: items.length, items: mapped, done });
      if (done) return { items, pages };
      seen.add(next);
      previous = fingerprint;
      cursor = next;
    }
    // Only a rejected cursor leaves the page loop: start over from the first page.
  }
}
