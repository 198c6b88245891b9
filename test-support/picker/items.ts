// Resource items for the picker's unit tests, built in one place so each test states only what matters.
import type { Annotations, ResourceItem } from '../../shared/contract';
import type { PickerColumns } from '../../shared/picker/columns';
import type { LineField } from '../../shared/picker/search-line';

export function item(uri: string, extra: Partial<ResourceItem> = {}, annotations?: Annotations): ResourceItem {
  return {
    serverId: 'ref',
    uri,
    name: uri.slice(uri.lastIndexOf('/') + 1),
    ...extra,
    ...(annotations ? { annotations } : {})
  };
}

/** Field `field` (search-line.ts) of every item of `columns`, lower-cased as the search reads it. */
export function lowerField(columns: PickerColumns, field: LineField): string[] {
  return Array.from({ length: columns.haystack.length }, (_, i) => columns.items.lowerFieldAt(i, field));
}
