// The contract methods for resources: listing (with progress) and reading.
import type { ServerId } from '../../../shared/contract';
import type { ServerRegistry } from '../connections/registry';
import { cacheIdentityOf } from '../connections/transports';
import type { EventBus } from '../event-bus';
import type { HandlerMap } from '../handlers';
import type { EnginePorts } from '../ports';
import type { RequestRegistry } from '../requests';
import type { LastKnownAnswers } from './last-known-list';
import { listResources } from './list';
import { ListedText } from './listed-text';
import { readResource } from './read';
import type { ListLimits } from './list-walk';
import { shownKnownOf, type ShownKnownList } from './withhold-known';

export interface ResourceHandlerDeps {
  registry: ServerRegistry;
  requests: RequestRegistry;
  bus: EventBus;
  ports: EnginePorts;
  listLimits: ListLimits;
  maxContentBytes: number;
  lastKnown: LastKnownAnswers;
}

export function resourceHandlers(deps: ResourceHandlerDeps): HandlerMap<'resources.list' | 'resources.lastKnown' | 'resources.read'> {
  const { registry, requests } = deps;
  const listedText = new ListedText(deps.listLimits.maxTotalText);
  deps.bus.on('serverRemoved', ({ serverId }) => listedText.forget(serverId));
  const listDeps = { bus: deps.bus, ports: deps.ports, listLimits: deps.listLimits, listedText };
  const readDeps = { ports: deps.ports, maxContentBytes: deps.maxContentBytes };
  // The list given to the page; else, read from the cache before the walk stores the live pages over it.
  const shownKnownList = (serverId: ServerId): ShownKnownList | undefined => {
    const { entry } = registry.get(serverId);
    const given = deps.lastKnown.takeGiven(serverId, entry);
    if (given) return given;
    const known = deps.ports.cache.lastKnownResources(cacheIdentityOf(entry));
    return known && shownKnownOf(known);
  };
  return {
    'resources.list': ({ serverId, requestId, cacheMode, streamOnly, shownLastKnown }) =>
      requests.run(requestId, handle =>
        registry.use(serverId, handle, live => {
          const shownKnown = shownLastKnown ? shownKnownList(serverId) : undefined;
          return listResources(listDeps, live, handle, cacheMode ?? 'use', { streamOnly, shownKnown });
        })
      ),
    'resources.lastKnown': ({ serverId }) => Promise.resolve(deps.lastKnown.answer(serverId, registry.get(serverId).entry)),
    'resources.read': ({ serverId, uri, requestId, cacheMode, previewBytes }) =>
      requests.run(requestId, handle => registry.use(serverId, handle, live => readResource(readDeps, live, handle, uri, cacheMode ?? 'use', previewBytes)))
  };
}
