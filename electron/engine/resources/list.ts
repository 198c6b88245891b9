// `resources.list`: walk every page ourselves (see walk-pages.ts), each page through the cache when
// it is wired, streaming `listProgress` events so the UI can show rows while a 100k listing loads.
import type { ListResourcesResult } from '@modelcontextprotocol/client';
import type { CacheInfo, CacheMode, ListResult, ResourceItem } from '../../../shared/contract';
import type { EventBus } from '../event-bus';
import type { EnginePorts, LiveConnection } from '../ports';
import type { RequestHandle } from '../requests';
import { combineCacheInfo } from '../templates/template-handlers';
import { toResourceItem } from './items';
import { uncachedInfo } from './tracked';
import { walkPages } from './walk-pages';

export interface ListDeps {
  bus: EventBus;
  ports: EnginePorts;
  maxListItems: number;
}

type Loose = Record<string, unknown>;

export async function listResources(deps: ListDeps, live: LiveConnection, handle: RequestHandle, mode: CacheMode): Promise<ListResult<ResourceItem>> {
  const { serverId, client } = live;
  if (!live.capabilities.resources) return { serverId, items: [], pages: 0, cache: uncachedInfo(mode, undefined) };
  const cache = deps.ports.cache;
  let caches: CacheInfo[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    if (cursor === undefined) caches = [];
    const fetch = (): Promise<ListResourcesResult> =>
      client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } }, { signal: handle.signal, timeout: handle.timeoutMs });
    const { value, cache: info } = cache ? await cache.page(serverId, 'resources/list', cursor, mode, fetch) : await fetch().then(v => ({ value: v, cache: uncachedInfo(mode, v as Loose) }));
    caches.push(info);
    return { items: value.resources as unknown as Loose[], ...(typeof value.nextCursor === 'string' && { nextCursor: value.nextCursor }) };
  };
  const result = await walkPages<Loose, ResourceItem>({
    signal: handle.signal,
    maxItems: deps.maxListItems,
    map: raw => toResourceItem(serverId, raw),
    fetchPage,
    onPage: progress => deps.bus.emit('listProgress', { serverId, requestId: handle.requestId, ...progress })
  });
  return { serverId, items: result.items, pages: result.pages, cache: combineCacheInfo(caches) };
}
