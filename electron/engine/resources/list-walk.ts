// One paginated list method (`resources/list`, `resources/templates/list`) walked page by page with
// walkPages, each page through the cache port's `page()` when it is wired, with the pages' cache
// infos combined into the badge of the whole list. Shared by resources.list and templates.list.
import type { CacheInfo, CacheMode, ListResult, ServerId } from '../../../shared/contract';
import type { EnginePorts, LiveConnection } from '../ports';
import type { RequestHandle } from '../requests';
import { combineCacheInfo, uncachedInfo } from './tracked';
import { walkPages } from './walk-pages';
import type { PageProgress } from './walk-pages';

type Loose = Record<string, unknown>;

export interface ListWalk<T> {
  method: 'resources/list' | 'resources/templates/list';
  /** The result field holding the page's items. */
  itemsKey: 'resources' | 'resourceTemplates';
  map(serverId: ServerId, raw: Loose): T;
  onPage?(progress: PageProgress<T>): void;
  maxItems: number;
}

export async function walkListMethod<T>(ports: EnginePorts, live: LiveConnection, handle: RequestHandle, mode: CacheMode, walk: ListWalk<T>): Promise<ListResult<T>> {
  const { serverId, client } = live;
  if (!live.capabilities.resources) return { serverId, items: [], pages: 0, cache: uncachedInfo(mode, undefined) };
  const cache = ports.cache;
  let caches: CacheInfo[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    if (cursor === undefined) caches = [];
    // One page per call: without a cursor the SDK's list methods would walk (and cache) the whole list.
    const fetch = (): Promise<Loose> =>
      client.request({ method: walk.method, params: cursor === undefined ? {} : { cursor } }, { signal: handle.signal, timeout: handle.timeoutMs }) as Promise<Loose>;
    const { value, cache: info } = cache ? await cache.page(serverId, walk.method, cursor, mode, fetch) : await fetch().then(v => ({ value: v, cache: uncachedInfo(mode, v) }));
    caches.push(info);
    const items = value[walk.itemsKey];
    return { items: Array.isArray(items) ? (items as Loose[]) : [], ...(typeof value.nextCursor === 'string' && { nextCursor: value.nextCursor }) };
  };
  const result = await walkPages<Loose, T>({ signal: handle.signal, maxItems: walk.maxItems, map: raw => walk.map(serverId, raw), fetchPage, onPage: walk.onPage });
  return { serverId, items: result.items, pages: result.pages, cache: combineCacheInfo(caches) };
}
