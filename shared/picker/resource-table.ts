// A server's resource list as the page holds it: columns filled straight from the packed pages the engine
// streams, never one object per item. A million items as objects cost ~90 bytes each in object headers and
// fields, plus a 24-character lastModified string each; here an item is a few array slots, its date a number
// (the text kept only when the number does not give it back exactly), and the values many items share (MIME
// type, audience, icons, invalid annotations) one "shape" reference. Items are made as objects only when asked
// for (`at`): the rows on screen, a picked item, a search's first few results.
//
// An item's text is kept once: its search line (search-line.ts), which the search needs whole and lower-cased.
// A field whose text is already lower case (URIs, most names) is read back from the line; only a field that
// differs from its lower case keeps its text as sent.
import { lastModifiedMs } from '../annotations';
import {
  FIELD_DESCRIPTION,
  FIELD_NAME,
  FIELD_TITLE,
  FIELD_URI,
  FIELD_URI_LEAF,
  fieldOf,
  fieldsReadable,
  lineField,
  searchLine,
  uriLeaf,
  type LineField,
  type LowerFields
} from './search-line';
import {
  MalformedPackError,
  packResourceItems,
  PACKED_FIELDS,
  type Audience,
  type Icon,
  type InvalidAnnotation,
  type PackedResourceItems,
  type ResourceItem,
  type ServerId
} from '../contract';

/** Read access to listed items by index. Lists are held as columns (`ResourceTable`), so items are made on demand. */
export interface ItemSource {
  readonly length: number;
  /** The item at `index` (0 ≤ index < length), the same object while it stays cached. */
  at(index: number): ResourceItem;
  uriAt(index: number): string;
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
}

/** What several items share: stored once per list, referenced by index. */
interface Shape {
  mimeTypeLower: string;
  mimeType?: string;
  audience?: Audience[];
  icons?: Icon[];
  invalidAnnotations?: InvalidAnnotation[];
}

type SharedValue = PackedResourceItems['shared'][number];
type Cell = PackedResourceItems['rows'][number];

/** Items kept as objects after `at` made them: the rows on screen ask for the same ones on every render. */
const MADE_CACHE_LIMIT = 512;

/** The length-24 text `toISOString` gives back for every date the strict parser accepts in that form. */
function isCanonicalIso(text: string, ms: number): boolean {
  return text.length === 24 && text.charCodeAt(23) === 90 /* Z */ && text.charCodeAt(19) === 46 /* . */ && !Number.isNaN(ms);
}


/** A shared reference plus one (0: none), for a page-local key of the item's shared values. */
function refOf(cell: Cell, sharedCount: number): number {
  if (cell === null || cell === -1) return 0;
  if (typeof cell !== 'number' || !(cell >= 0 && cell < sharedCount)) throw new MalformedPackError(`Packed items: bad shared reference ${String(cell)}`);
  return cell + 1;
}

function sharedAt(shared: readonly SharedValue[], ref: Cell, kind: 'string' | 'array'): SharedValue | undefined {
  if (ref === -1 || ref === null) return undefined;
  const value = typeof ref === 'number' ? shared[ref] : undefined;
  if (kind === 'string' ? typeof value !== 'string' : !Array.isArray(value)) throw new MalformedPackError(`Packed items: bad shared reference ${String(ref)}`);
  return value;
}

/** In a text column: the field is its lower-cased text, read back from the search line. */
const FROM_LINE = 0;
/** A text field as stored: as sent, `FROM_LINE`, or null when the item has none. */
type StoredText = string | typeof FROM_LINE | null;

/** What to store of a field: its text only when it differs from its lower case. */
const stored = (text: string | undefined, lower: string): StoredText => (text === undefined ? null : text === lower ? FROM_LINE : text);

export class ResourceTable {
  length = 0;
  private readonly lines: string[] = [];
  private readonly uris: StoredText[] = [];
  private readonly names: StoredText[] = [];
  private readonly titles: StoredText[] = [];
  private readonly descriptions: StoredText[] = [];
  /** The lower-cased fields of the (rare) items whose line cannot be split by its separators. */
  private readonly unreadable = new Map<number, LowerFields>();
  /** NaN: no size. */
  private readonly sizes: number[] = [];
  /** NaN: no priority. */
  private readonly priorities: number[] = [];
  /** lastModified in ms epoch, NaN when missing or not a strict ISO 8601 date (the picker's date column reads it). */
  readonly modified: number[] = [];
  /** lastModified as sent where `modified` does not give it back (other forms, invalid text). */
  private readonly modifiedText = new Map<number, string>();
  private readonly shapeRefs: number[] = [];
  private readonly shapes: Shape[] = [];
  private readonly shapeByKey = new Map<string, number>();
  /** Each distinct shared value once (shapes that differ in one value share the others). */
  private readonly values = new Map<string, SharedValue>();
  private made = new Map<number, ResourceItem>();

  constructor(readonly serverId: ServerId) {}

  static fromItems(serverId: ServerId, items: readonly ResourceItem[]): ResourceTable {
    const table = new ResourceTable(serverId);
    table.appendPacked(packResourceItems(items));
    return table;
  }

  /** Appends a packed page; a malformed one throws `MalformedPackError` and appends nothing. */
  appendPacked(packed: PackedResourceItems): void {
    const { rows, shared } = packed;
    if (!Array.isArray(rows) || !Array.isArray(shared) || rows.length !== packed.count * PACKED_FIELDS) {
      throw new MalformedPackError('Packed items: rows do not match the item count');
    }
    const start = this.length;
    // Shapes of this page by its own references: a page has a handful, so each is looked up by content once.
    const pageShapes = new Map<number, number>();
    const base = shared.length + 1;
    try {
      for (let k = 0, at = 0; k < packed.count; k++, at += PACKED_FIELDS) {
        const uri = rows[at];
        const name = rows[at + 1];
        if (typeof uri !== 'string' || typeof name !== 'string') throw new MalformedPackError(`Packed items: item ${k} has no uri or name`);
        const title = rows[at + 2];
        const description = rows[at + 3];
        const size = rows[at + 5];
        const priority = rows[at + 7];
        const lastModified = rows[at + 8];
        const n = shared.length;
        const pageKey = ((refOf(rows[at + 4], n) * base + refOf(rows[at + 6], n)) * base + refOf(rows[at + 9], n)) * base + refOf(rows[at + 10], n);
        let shape = pageShapes.get(pageKey);
        if (shape === undefined) pageShapes.set(pageKey, (shape = this.shapeOf(shared, rows, at)));
        const titleText = typeof title === 'string' ? title : undefined;
        const descriptionText = typeof description === 'string' ? description : undefined;
        const lower: LowerFields = [name.toLowerCase(), (titleText ?? '').toLowerCase(), uri.toLowerCase(), (descriptionText ?? '').toLowerCase()];
        this.lines.push(searchLine(lower, this.shapes[shape].mimeTypeLower));
        if (!fieldsReadable(lower)) this.unreadable.set(start + k, lower);
        this.uris.push(stored(uri, lower[FIELD_URI]));
        this.names.push(stored(name, lower[FIELD_NAME]));
        this.titles.push(stored(titleText, lower[FIELD_TITLE]));
        this.descriptions.push(stored(descriptionText, lower[FIELD_DESCRIPTION]));
        this.sizes.push(typeof size === 'number' ? size : Number.NaN);
        this.priorities.push(typeof priority === 'number' ? priority : Number.NaN);
        const ms = lastModifiedMs(lastModified);
        this.modified.push(ms);
        if (typeof lastModified === 'string' && !isCanonicalIso(lastModified, ms)) this.modifiedText.set(start + k, lastModified);
        this.shapeRefs.push(shape);
      }
    } catch (err) {
      this.truncate(start);
      throw err;
    }
    this.length = start + packed.count;
  }

  private shapeOf(shared: readonly SharedValue[], rows: readonly Cell[], at: number): number {
    const shape: Shape = { mimeTypeLower: '' };
    const keys: string[] = [];
    const value = <T extends SharedValue>(ref: Cell, kind: 'string' | 'array', tag: string): T | undefined => {
      const found = sharedAt(shared, ref, kind);
      if (found === undefined) return undefined;
      const key = tag + JSON.stringify(found);
      keys.push(key);
      let kept = this.values.get(key);
      if (kept === undefined) this.values.set(key, (kept = found));
      return kept as T;
    };
    const mimeType = value<string>(rows[at + 4], 'string', 'm');
    if (mimeType !== undefined) {
      shape.mimeType = mimeType;
      shape.mimeTypeLower = mimeType.toLowerCase();
    }
    const audience = value<Audience[]>(rows[at + 6], 'array', 'a');
    if (audience !== undefined) shape.audience = audience;
    const icons = value<Icon[]>(rows[at + 9], 'array', 'i');
    if (icons !== undefined) shape.icons = icons;
    const invalid = value<InvalidAnnotation[]>(rows[at + 10], 'array', 'v');
    if (invalid !== undefined) shape.invalidAnnotations = invalid;
    const key = keys.join('\n');
    let ref = this.shapeByKey.get(key);
    if (ref === undefined) this.shapeByKey.set(key, (ref = this.shapes.push(shape) - 1));
    return ref;
  }

  private truncate(length: number): void {
    for (const column of [this.lines, this.uris, this.names, this.titles, this.descriptions, this.sizes, this.priorities, this.modified, this.shapeRefs]) column.length = length;
    for (const map of [this.modifiedText, this.unreadable]) for (const k of map.keys()) if (k >= length) map.delete(k);
  }

  lineAt(index: number): string {
    return this.lines[index];
  }

  lowerFieldAt(index: number, field: LineField): string {
    const unreadable = this.unreadable.get(index);
    return unreadable ? fieldOf(unreadable, field) : lineField(this.lines[index], field);
  }

  /** A text field as sent; undefined when the item has none. */
  private textAt(column: readonly StoredText[], index: number, field: LineField): string | undefined {
    const text = column[index];
    return text === null ? undefined : text === FROM_LINE ? this.lowerFieldAt(index, field) : text;
  }

  uriAt(index: number): string {
    return this.textAt(this.uris, index, FIELD_URI) as string;
  }

  audienceAt(index: number): readonly Audience[] | undefined {
    return this.shapes[this.shapeRefs[index]].audience;
  }

  priorityAt(index: number): number | undefined {
    const priority = this.priorities[index];
    return Number.isNaN(priority) ? undefined : priority;
  }

  modifiedMsAt(index: number): number {
    return this.modified[index];
  }

  lastModifiedAt(index: number): string | undefined {
    const text = this.modifiedText.get(index);
    if (text !== undefined) return text;
    const ms = this.modified[index];
    return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
  }

  /** The item at `index`, made as the engine's unpacked item would be (same fields, same order). */
  at(index: number): ResourceItem {
    const cached = this.made.get(index);
    if (cached) return cached;
    const item: ResourceItem = { serverId: this.serverId, uri: this.uriAt(index), name: this.textAt(this.names, index, FIELD_NAME) as string };
    const title = this.textAt(this.titles, index, FIELD_TITLE);
    if (title !== undefined) item.title = title;
    const description = this.textAt(this.descriptions, index, FIELD_DESCRIPTION);
    if (description !== undefined) item.description = description;
    const shape = this.shapes[this.shapeRefs[index]];
    if (shape.mimeType !== undefined) item.mimeType = shape.mimeType;
    const size = this.sizes[index];
    if (!Number.isNaN(size)) item.size = size;
    const priority = this.priorityAt(index);
    const lastModified = this.lastModifiedAt(index);
    if (shape.audience !== undefined || priority !== undefined || lastModified !== undefined) {
      item.annotations = {};
      if (shape.audience !== undefined) item.annotations.audience = shape.audience;
      if (priority !== undefined) item.annotations.priority = priority;
      if (lastModified !== undefined) item.annotations.lastModified = lastModified;
    }
    if (shape.icons !== undefined) item.icons = shape.icons;
    if (shape.invalidAnnotations !== undefined) item.invalidAnnotations = shape.invalidAnnotations;
    if (this.made.size >= MADE_CACHE_LIMIT) this.made = new Map();
    this.made.set(index, item);
    return item;
  }

  /** The first `count` items (all of them by default) as an `ItemSource`: what a publish of a growing list shows. */
  rows(count = this.length): TableRows {
    return new TableRows(this, count);
  }
}

/** A table's first `length` items; the table may grow past them (a list still streaming). */
export class TableRows implements ColumnSource {
  constructor(
    readonly table: ResourceTable,
    readonly length: number
  ) {}

  at(index: number): ResourceItem {
    return this.table.at(index);
  }

  uriAt(index: number): string {
    return this.table.uriAt(index);
  }

  serverIdAt(): ServerId {
    return this.table.serverId;
  }

  lineAt(index: number): string {
    return this.table.lineAt(index);
  }

  lowerFieldAt(index: number, field: LineField): string {
    return this.table.lowerFieldAt(index, field);
  }

  audienceAt(index: number): readonly unknown[] | undefined {
    return this.table.audienceAt(index);
  }

  priorityAt(index: number): number | undefined {
    return this.table.priorityAt(index);
  }

  modifiedMsAt(index: number): number {
    return this.table.modifiedMsAt(index);
  }
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

  /** The part holding `index` (binary search: fifty servers' items are read this way for every row on screen). */
  private partOf(index: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  at(index: number): ResourceItem {
    const k = this.partOf(index);
    return this.parts[k].at(index - this.starts[k]);
  }

  uriAt(index: number): string {
    const k = this.partOf(index);
    return this.parts[k].uriAt(index - this.starts[k]);
  }

  serverIdAt(index: number): ServerId {
    const k = this.partOf(index);
    return this.parts[k].serverIdAt(index - this.starts[k]);
  }

  lowerFieldAt(index: number, field: LineField): string {
    const k = this.partOf(index);
    return this.parts[k].lowerFieldAt(index - this.starts[k], field);
  }
}

/** Every item of `source` as an object: for small lists and tests, never for a whole listing on the page. */
export function itemsOf(source: ItemSource): ResourceItem[] {
  return Array.from({ length: source.length }, (_, i) => source.at(i));
}
