// `resources.list`: every page walked by us (see walk-pages.ts and list-walk.ts), streaming
// `listProgress` events (pages grouped, see progress-batch.ts) so the UI can show rows while a 100k
// listing is still loading.
import { packResourceItems, type CacheMode, type ListResult, type ResourceItem } from '../../../shared/contract';
import type { EventBus } from '../event-bus';
import type { EnginePorts, LiveConnection } from '../ports';
import type { RequestHandle } from '../requests';
import { itemText, toResourceItem } from './items';
import { walkListMethod, type ListLimits } from './list-walk';
import type { ListedText } from './listed-text';
import { batchProgress } from './progress-batch';
import { withholdWhileKnown, type ShownKnownList } from './withhold-known';

export interface ListDeps {
  bus: EventBus;
  ports: EnginePorts;
  listLimits: ListLimits;
  /** The text every server's latest list holds, against `listLimits.maxTotalText`. */
  listedText: ListedText;
}

/** How often a running listing sends its pages (the picker repaints every few hundred ms at most). */
const PROGRESS_INTERVAL_MS = 100;
/** Items in one `listProgress` event at most (whole pages): packed, ~80 kB of the reference server's resources. */
const PROGRESS_MAX_ITEMS = 500;

export interface ListOptions {
  /** The items go out in `listProgress` only and the result carries none (see the contract). */
  streamOnly?: boolean;
  /** The caller shows this last known list: pages equal to it are not streamed (see withhold-known.ts). */
  shownKnown?: ShownKnownList;
}

export async function listResources(deps: ListDeps, live: LiveConnection, handle: RequestHandle, mode: CacheMode, options: ListOptions = {}): Promise<ListResult<ResourceItem>> {
  const { streamOnly = false, shownKnown } = options;
  const batches = batchProgress(
    ({ items, ...batch }) => deps.bus.emit('listProgress', { serverId: live.serverId, requestId: handle.requestId, ...batch, items: packResourceItems(items) }),
    PROGRESS_INTERVAL_MS,
    PROGRESS_MAX_ITEMS
  );
  const withheld = streamOnly && shownKnown ? withholdWhileKnown(live.serverId, shownKnown, batches) : undefined;
  const progress = withheld ?? batches;
  try {
    const list = await walkListMethod<ResourceItem>(deps.ports, live, handle, mode, {
      method: 'resources/list',
      itemsKey: 'resources',
      map: toResourceItem,
      weigh: itemText,
      onText: text => deps.listedText.note(live.serverId, text),
      limits: deps.listLimits,
      streamOnly,
      onPage: progress.onPage
    });
    const sameAsLastKnown = withheld?.sameAsKnown();
    return sameAsLastKnown === undefined ? list : { ...list, sameAsLastKnown };
  } finally {
    // Pages that arrived before a failure or a cancel still reach the UI, before the call's reply.
    progress.flush();
  }
}
