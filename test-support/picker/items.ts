// Resource items for the picker's unit tests, built in one place so each test states only what matters.
import type { Annotations, ResourceItem } from '../../shared/contract';

export function item(uri: string, extra: Partial<ResourceItem> = {}, annotations?: Annotations): ResourceItem {
  return {
    serverId: 'ref',
    uri,
    name: uri.slice(uri.lastIndexOf('/') + 1),
    ...extra,
    ...(annotations ? { annotations } : {})
  };
}
