// Column-oriented views of the picker's items, so that search, filters and sorts run over flat arrays
// instead of re-reading nested annotation objects on every keystroke. Columns are built per server and
// extended page by page while a list streams in; the picker concatenates the servers it shows.
import { validPriority } from '../annotations';
import type { ResourceItem } from '../contract';
import { ArrayRows, JoinedRows, rowsOf, type ColumnSource, type ItemSource } from './item-source';
import { TableRows } from './resource-table';

export const AUDIENCE_USER = 1;
export const AUDIENCE_ASSISTANT = 2;

export interface PickerColumns {
  /** The items, made on demand (the columns below are what search, filters and sorts read). */
  readonly items: ItemSource;
  /**
   * One search line per item (search-line.ts): the lower-cased name, title, URI, description and MIME type,
   * joined. The exact/prefix fields are read from it (`items.lowerFieldAt`), not kept beside it.
   */
  readonly haystack: string[];
  /** Bit mask of AUDIENCE_*; 0 when the item has no (valid) audience. */
  readonly audience: number[];
  /**
   * NaN when missing or outside 0..1: such an item sorts and filters with the unannotated ones. Read by item
   * index only: it may be the list's own column, holding items that came after these columns were made.
   */
  readonly priority: number[];
  /** lastModified in ms epoch; NaN when missing or not strict ISO 8601 (counts as no date). As `priority`, by index. */
  readonly modified: number[];
  /**
   * The per-server columns these were concatenated from, in order, when there are several: the search keeps
   * its indexes per server, so a list growing on one server does not rebuild the others'.
   */
  readonly sources?: readonly PickerColumns[];
}

/** What the item is called in the UI: its title when it has one, else its name. */
export function displayName(item: ResourceItem): string {
  return item.title || item.name || item.uri;
}


function audienceMask(audience: readonly unknown[] | undefined): number {
  if (!audience) return 0;
  let mask = 0;
  for (const a of audience) {
    if (a === 'user') mask |= AUDIENCE_USER;
    else if (a === 'assistant') mask |= AUDIENCE_ASSISTANT;
  }
  return mask;
}

function emptyColumns(items: ColumnSource): PickerColumns {
  return {
    items,
    haystack: [],
    audience: [],
    priority: items.numericColumns?.priority ?? [],
    modified: items.numericColumns?.modified ?? []
  };
}

function appendItems(target: PickerColumns, items: ColumnSource, from: number): void {
  // A list's table keeps its priority and date columns itself; the columns read those.
  const numbersKept = target.priority === items.numericColumns?.priority;
  for (let i = from; i < items.length; i++) {
    target.haystack.push(items.lineAt(i));
    target.audience.push(audienceMask(items.audienceAt(i)));
    if (numbersKept) continue;
    // Missing, invalid (`shared/annotations.ts`) and reported invalid (dropped by the engine) are all NaN: unannotated.
    target.priority.push(validPriority(items.priorityAt(i)) ?? Number.NaN);
    target.modified.push(items.modifiedMsAt(i));
  }
}

/** Columns of `items`: a list's rows (`ResourceTable.rows()`), or items already made as objects. */
export function buildColumns(items: ColumnSource | readonly ResourceItem[]): PickerColumns {
  const source = rowsOf(items);
  const columns = emptyColumns(source);
  appendItems(columns, source, 0);
  return columns;
}

/** Whether `columns` were built from exactly `items` (the same rows object, or the same array of items). */
export function builtFrom(columns: PickerColumns, items: ColumnSource | readonly ResourceItem[]): boolean {
  return columns.items === items || (columns.items instanceof ArrayRows && columns.items.items === items);
}

/** Whether `after` is `before` with items appended: the same table, or the same leading item objects. */
function appendsTo(before: ItemSource, after: ColumnSource): boolean {
  if (before.length > after.length) return false;
  if (before instanceof TableRows && after instanceof TableRows) return before.table === after.table;
  if (before instanceof ArrayRows && after instanceof ArrayRows) {
    return before.length === 0 || (after.items[0] === before.items[0] && after.items[before.length - 1] === before.items[before.length - 1]);
  }
  return before.length === 0;
}

/**
 * Columns for `items`, reusing `previous` when `items` only appends to what `previous` was built from
 * (a list streaming in page by page): only the new items are processed. The arrays of `previous` are then
 * shared and grown, so `previous` must not be used afterwards. `previous` itself when there is nothing new.
 */
export function extendColumns(previous: PickerColumns | undefined, next: ColumnSource | readonly ResourceItem[]): PickerColumns {
  const items = rowsOf(next);
  const before = previous?.items;
  const appendsOnly = previous !== undefined && before !== undefined && previous.haystack.length === before.length && appendsTo(before, items);
  if (!appendsOnly) return buildColumns(items);
  // Nothing new (the finished list after its last streamed page): the same columns, so nothing derived from
  // them (sort order, search session, the view) is made again.
  if (before.length === items.length) return previous;
  appendItems(previous, items, before.length);
  return { ...previous, items };
}

/** One set of columns over several servers' columns, in the given order. */
export function concatColumns(parts: readonly PickerColumns[]): PickerColumns {
  if (parts.length === 1) return parts[0];
  // Array.prototype.concat copies whole arrays at once (V8 copies their elements in bulk), several times faster
  // than pushing 100k values one by one per column, which the picker did for every change of any server's list.
  // A part's priority and date columns may be its table's, longer than the part: only its own items are joined.
  const own = (p: PickerColumns, column: readonly unknown[]) => (column.length === p.items.length ? column : column.slice(0, p.items.length));
  const joined = <K extends Exclude<keyof PickerColumns, 'sources' | 'items'>>(key: K) =>
    ([] as unknown[]).concat(...parts.map(p => own(p, p[key] as readonly unknown[]))) as PickerColumns[K];
  return {
    items: new JoinedRows(parts.map(p => p.items)),
    haystack: joined('haystack'),
    audience: joined('audience'),
    priority: joined('priority'),
    modified: joined('modified'),
    sources: parts
  };
}

/**
 * The per-server columns `columns` is made of (itself when it is one server's), each with the index of its
 * first item here and how many of its items are here (a server's arrays may have grown since).
 */
export function columnSources(columns: PickerColumns): { columns: PickerColumns; offset: number; size: number }[] {
  if (!columns.sources) return [{ columns, offset: 0, size: columns.haystack.length }];
  let offset = 0;
  return columns.sources.map(source => {
    const entry = { columns: source, offset, size: source.items.length };
    offset += entry.size;
    return entry;
  });
}
