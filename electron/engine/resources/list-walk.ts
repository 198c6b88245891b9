// One paginated list method (`resources/list`, `resources/templates/list`) walked page by page with
// walkPages, each page through the cache port's `page()`, with the pages' cache infos combined into the
// badge of the whole list. Shared by resources.list and templates.list.
import type { CacheInfo, CacheMode, ListResult, ServerId } from '../../../shared/contract';
import type { EnginePorts, LiveConnection } from '../ports';
import type { RequestHandle } from '../requests';
import { listPageSchema } from './list-page-schema';
import { combineCacheInfo, uncachedInfo } from './tracked';
import { walkPages } from './walk-pages';
import type { PageProgress } from './walk-pages';

type Loose = Record<string, unknown>;

/** How big a list may grow before its walk fails (walk-pages.ts): items, and characters of their text. */
export interface ListLimits {
  maxItems: number;
  maxText: number;
  /** Characters of item text in every server's latest resource list together (listed-text.ts). */
  maxTotalText: number;
}

export interface ListWalk<T> {
  method: 'resources/list' | 'resources/templates/list';
  /** The result field holding the page's items. */
  itemsKey: 'resources' | 'resourceTemplates';
  map(serverId: ServerId, raw: Loose): T;
  onPage?(progress: PageProgress<T>): void;
  /** An item's characters of text, counted against `limits.maxText`. */
  weigh(item: T): number;
  /** Told the text so far after each page; may throw to stop the walk (the budget of all lists, listed-text.ts). */
  onText?(text: number): void;
  limits: ListLimits;
  /** The items only go out through `onPage`; the result carries none, just how many (`streamed`). */
  streamOnly?: boolean;
}

export async function walkListMethod<T>(ports: EnginePorts, live: LiveConnection, handle: RequestHandle, mode: CacheMode, walk: ListWalk<T>): Promise<ListResult<T>> {
  const { serverId, client } = live;
  if (!live.capabilities.resources) {
    // A server without resources lists nothing, and says so the way a list does: a last (empty) page, so a
    // streaming caller waiting for `done` does not wait for it in vain.
    walk.onPage?.({ page: 1, loaded: 0, items: [], raw: [], done: true });
    return { serverId, items: [], pages: 0, cache: uncachedInfo(mode), ...(walk.streamOnly && { streamed: 0 }) };
  }
  const schema = listPageSchema(walk.itemsKey);
  let caches: CacheInfo[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    if (cursor === undefined) caches = [];
    // One page per call: without a cursor the SDK's list methods would walk (and cache) the whole list.
    const fetch = (): Promise<Loose> =>
      client.request({ method: walk.method, params: cursor === undefined ? {} : { cursor } }, schema, { signal: handle.signal, timeout: handle.timeoutMs });
    const { value, cache: info, text } = await ports.cache.page(serverId, walk.method, cursor, mode, fetch);
    caches.push(info);
    const items = value[walk.itemsKey];
    return { items: Array.isArray(items) ? (items as Loose[]) : [], ...(typeof value.nextCursor === 'string' && { nextCursor: value.nextCursor }), ...(text && { text }) };
  };
  let streamed = 0;
  const result = await walkPages<Loose, T>({
    signal: handle.signal,
    maxItems: walk.limits.maxItems,
    maxText: walk.limits.maxText,
    weigh: walk.weigh,
    ...(walk.onText && { onText: walk.onText }),
    map: raw => walk.map(serverId, raw),
    fetchPage,
    onPage: progress => {
      streamed = progress.loaded;
      walk.onPage?.(progress);
    },
    collect: !walk.streamOnly
  });
  const cacheInfo = combineCacheInfo(caches);
  if (walk.streamOnly) return { serverId, items: [], pages: result.pages, cache: cacheInfo, streamed };
  return { serverId, items: result.items, pages: result.pages, cache: cacheInfo };
}
