// Read access to listed items by index, whatever holds them: a server's list as columns (resource-table.ts),
// items already made as objects, or several servers' lists read as one.
import { lastModifiedMs } from '../annotations';
import type { ResourceItem, ServerId } from '../contract';
import { FIELD_NAME, FIELD_TITLE, FIELD_URI, FIELD_URI_LEAF, searchLine, uriLeaf, type LineField, type LowerFields } from './search-line';

/** Read access to listed items by index. Lists are held as columns (`ResourceTable`), so items are made on demand. */
export interface ItemSource {
  readonly length: number;
  /** The item at `index` (0 ≤ index < length), the same object while it stays cached. */
  at(index: number): ResourceItem;
  uriAt(index: number): string;
  /** Whether the item's URI is `uri` (read without making its text: scans of a million items ask this). */
  uriIs(index: number, uri: string): boolean;
  serverIdAt(index: number): ServerId;
  /** A field of the item's search line (lower case; '' for an absent title or description). */
  lowerFieldAt(index: number, field: LineField): string;
}

/** The fields the picker's columns are built from, read without making items. */
export interface ColumnSource extends ItemSource {
  /** The item's search line (search-line.ts). */
  lineAt(index: number): string;
  /** As sent (the columns keep the valid values). */
  audienceAt(index: number): readonly unknown[] | undefined;
  priorityAt(index: number): number | undefined;
  /** lastModified in ms epoch, NaN when missing or not a strict ISO 8601 date. */
  modifiedMsAt(index: number): number;
  /**
   * The picker's priority and date columns when the source keeps them itself (a list's table): the columns
   * then read those arrays instead of a copy. They may hold more items than the source (a list still growing).
   */
  readonly numericColumns?: NumericColumns;
}

/** Priority (0..1, else NaN) and lastModified (ms epoch, NaN when missing or not a strict ISO 8601 date) per item. */
export interface NumericColumns {
  readonly priority: number[];
  readonly modified: number[];
}

/** Items already made as objects (lists built in tests, a few items in a view). */
export class ArrayRows implements ColumnSource {
  constructor(readonly items: readonly ResourceItem[]) {}

  get length(): number {
    return this.items.length;
  }

  lineAt(index: number): string {
    const item = this.items[index];
    const fields: LowerFields = [item.name.toLowerCase(), (item.title ?? '').toLowerCase(), item.uri.toLowerCase(), (item.description ?? '').toLowerCase()];
    return searchLine(fields, (item.mimeType ?? '').toLowerCase());
  }

  lowerFieldAt(index: number, field: LineField): string {
    const item = this.items[index];
    if (field === FIELD_URI_LEAF) return uriLeaf(item.uri.toLowerCase());
    const text = field === FIELD_NAME ? item.name : field === FIELD_TITLE ? item.title : field === FIELD_URI ? item.uri : item.description;
    return (text ?? '').toLowerCase();
  }

  audienceAt(index: number): readonly unknown[] | undefined {
    const audience: unknown = this.items[index].annotations?.audience;
    return Array.isArray(audience) ? audience : undefined;
  }

  priorityAt(index: number): number | undefined {
    return this.items[index].annotations?.priority;
  }

  modifiedMsAt(index: number): number {
    return lastModifiedMs(this.items[index].annotations?.lastModified);
  }

  at(index: number): ResourceItem {
    return this.items[index];
  }

  uriAt(index: number): string {
    return this.items[index].uri;
  }

  uriIs(index: number, uri: string): boolean {
    return this.items[index].uri === uri;
  }

  serverIdAt(index: number): ServerId {
    return this.items[index].serverId;
  }
}

/** Items already made as objects read as rows; rows as they are. */
export function rowsOf(items: ColumnSource | readonly ResourceItem[]): ColumnSource {
  return Array.isArray(items) ? new ArrayRows(items as readonly ResourceItem[]) : (items as ColumnSource);
}

/** Several sources read as one, in order (the picker's shown servers). */
export class JoinedRows implements ItemSource {
  readonly length: number;
  /** The index of each part's first item. */
  private readonly starts: number[];

  constructor(private readonly parts: readonly ItemSource[]) {
    this.starts = [];
    let total = 0;
    for (const part of parts) {
      this.starts.push(total);
      total += part.length;
    }
    this.length = total;
  }

  /** The index within its part of the item the last `partAt` found. */
  private local = 0;

  /**
   * The part holding `index` (binary search: fifty servers' items are read this way for every row on screen),
   * with the item's index in it left in `local`: read as `this.partAt(i).method(this.local)`, whose arguments
   * are evaluated after the part is found. No object per read: a scan of a million items reads this way.
   */
  private partAt(index: number): ItemSource {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    this.local = index - this.starts[lo];
    return this.parts[lo];
  }

  at(index: number): ResourceItem {
    return this.partAt(index).at(this.local);
  }

  uriAt(index: number): string {
    return this.partAt(index).uriAt(this.local);
  }

  uriIs(index: number, uri: string): boolean {
    return this.partAt(index).uriIs(this.local, uri);
  }

  serverIdAt(index: number): ServerId {
    return this.partAt(index).serverIdAt(this.local);
  }

  lowerFieldAt(index: number, field: LineField): string {
    return this.partAt(index).lowerFieldAt(this.local, field);
  }
}

/** Every item of `source` as an object: for small lists and tests, never for a whole listing on the page. */
export function itemsOf(source: ItemSource): ResourceItem[] {
  return Array.from({ length: source.length }, (_, i) => source.at(i));
}
