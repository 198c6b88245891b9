// `resources.list`: every page walked by us (see walk-pages.ts and list-walk.ts), streaming
// `listProgress` events so the UI can show rows while a 100k listing is still loading.
import { packResourceItems, type CacheMode, type ListResult, type ResourceItem } from '../../../shared/contract';
import type { EventBus } from '../event-bus';
import type { EnginePorts, LiveConnection } from '../ports';
import type { RequestHandle } from '../requests';
import { toResourceItem } from './items';
import { walkListMethod } from './list-walk';

export interface ListDeps {
  bus: EventBus;
  ports: EnginePorts;
  maxListItems: number;
}

/** `streamOnly`: the items go out in `listProgress` only and the result carries none (see the contract). */
export function listResources(deps: ListDeps, live: LiveConnection, handle: RequestHandle, mode: CacheMode, streamOnly = false): Promise<ListResult<ResourceItem>> {
  return walkListMethod(deps.ports, live, handle, mode, {
    method: 'resources/list',
    itemsKey: 'resources',
    map: toResourceItem,
    maxItems: deps.maxListItems,
    streamOnly,
    onPage: ({ items, ...progress }) =>
      deps.bus.emit('listProgress', { serverId: live.serverId, requestId: handle.requestId, ...progress, items: packResourceItems(items) })
  });
}
