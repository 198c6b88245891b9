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
import { lastModifiedMs, validPriority } from '../annotations';
import {
  FIELD_DESCRIPTION,
  FIELD_NAME,
  FIELD_TITLE,
  FIELD_URI,
  fieldOf,
  fieldsReadable,
  lineField,
  lineFieldIs,
  searchLine,
  type LineField,
  type LowerFields
} from './search-line';
import type { ColumnSource, NumericColumns } from './item-source';
import {
  isCanonicalIsoMs,
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

/** What a shared value is used as in a shape, by the tag its key starts with: MIME type, audience, icons, invalid annotations. */
const SHARED_USES = ['m', 'a', 'i', 'v'] as const;

/** A page's shared value as one use of it: its key among the list's values, and the list's copy of it. */
interface PageValue {
  key: string;
  kept: SharedValue;
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

// An item's form: one small integer holding its shape reference and which of its text fields it has and keeps
// as sent (a field not kept is its lower-cased text, read back from the search line).
const HAS_TITLE = 1;
const HAS_DESCRIPTION = 2;
/** Per text field, in `LowerFields` order (name, title, URI, description): its text as sent is in `kept`. */
const KEPT_BITS = [4, 8, 16, 32] as const;
const SHAPE_SHIFT = 6;

/** A size as stored: none, or one kept in `oddSizes` (not a small non-negative integer). */
const NO_SIZE = -1;
const ODD_SIZE = -2;
const SMALL_SIZE_LIMIT = 2 ** 30;

export class ResourceTable {
  length = 0;
  private readonly lines: string[] = [];
  /** Shape reference and text-field bits per item (see HAS_TITLE). */
  private readonly forms: number[] = [];
  /** The texts as sent of the fields an item keeps, in field order: one as a string, several as an array. */
  private readonly kept: (string | string[] | null)[] = [];
  /** The lower-cased fields of the (rare) items whose line cannot be split by its separators. */
  private readonly unreadable = new Map<number, LowerFields>();
  /** NO_SIZE, ODD_SIZE, or the size. */
  private readonly sizes: number[] = [];
  private readonly oddSizes = new Map<number, number>();
  /**
   * Priority in 0..1, NaN when missing or outside it (the picker's priority column reads it). The engine moves
   * an invalid priority to `invalidAnnotations`, so one is only ever here from items made elsewhere.
   */
  readonly priority: number[] = [];
  /** A priority as sent that is outside 0..1. */
  private readonly invalidPriority = new Map<number, number>();
  /** lastModified in ms epoch, NaN when missing or not a strict ISO 8601 date (the picker's date column reads it). */
  readonly modified: number[] = [];
  /** lastModified as sent where `modified` does not give it back (other forms, invalid text). */
  private readonly modifiedText = new Map<number, string>();
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
    const pageValues: PageValue[] = [];
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
        if (shape === undefined) pageShapes.set(pageKey, (shape = this.shapeOf(shared, rows, at, pageValues)));
        this.appendTexts(start + k, shape, uri, name, typeof title === 'string' ? title : undefined, typeof description === 'string' ? description : undefined);
        if (typeof size !== 'number') this.sizes.push(NO_SIZE);
        else if (Number.isInteger(size) && size >= 0 && size < SMALL_SIZE_LIMIT) this.sizes.push(size);
        else {
          this.sizes.push(ODD_SIZE);
          this.oddSizes.set(start + k, size);
        }
        this.priority.push(validPriority(priority) ?? Number.NaN);
        if (typeof priority === 'number' && validPriority(priority) === undefined) this.invalidPriority.set(start + k, priority);
        if (typeof lastModified === 'number') {
          if (!isCanonicalIsoMs(lastModified)) throw new MalformedPackError(`Packed items: item ${k}'s lastModified ${lastModified} is not a date in ms`);
          this.modified.push(lastModified);
        } else {
          // A date the packer did not turn into its number: not in toISOString's form, so its text is kept.
          this.modified.push(lastModifiedMs(lastModified));
          if (typeof lastModified === 'string') this.modifiedText.set(start + k, lastModified);
        }
      }
    } catch (err) {
      this.truncate(start);
      throw err;
    }
    this.length = start + packed.count;
  }

  /** The item's search line, its form, and the texts it keeps as sent (those that differ from their lower case). */
  private appendTexts(index: number, shape: number, uri: string, name: string, title: string | undefined, description: string | undefined): void {
    const lower: LowerFields = [name.toLowerCase(), (title ?? '').toLowerCase(), uri.toLowerCase(), (description ?? '').toLowerCase()];
    this.lines.push(searchLine(lower, this.shapes[shape].mimeTypeLower));
    if (!fieldsReadable(lower)) this.unreadable.set(index, lower);
    const sent = [name, title ?? '', uri, description ?? ''];
    let form = (shape << SHAPE_SHIFT) | (title !== undefined ? HAS_TITLE : 0) | (description !== undefined ? HAS_DESCRIPTION : 0);
    let kept: string | string[] | null = null;
    for (let f = 0; f < KEPT_BITS.length; f++) {
      if (sent[f] === lower[f]) continue;
      form |= KEPT_BITS[f];
      kept = kept === null ? sent[f] : typeof kept === 'string' ? [kept, sent[f]] : [...kept, sent[f]];
    }
    this.forms.push(form);
    this.kept.push(kept);
  }

  /**
   * The shape of the item at `rows[at]`. `pageValues` holds what this page's shared values were found to be,
   * by reference and use (a page has a few dozen shapes made of a handful of values: each is read once).
   */
  private shapeOf(shared: readonly SharedValue[], rows: readonly Cell[], at: number, pageValues: PageValue[]): number {
    const shape: Shape = { mimeTypeLower: '' };
    const keys: string[] = [];
    const value = <T extends SharedValue>(ref: Cell, kind: 'string' | 'array', use: number): T | undefined => {
      // refOf has refused every reference that is neither a number nor absent.
      if (typeof ref !== 'number' || ref === -1) return undefined;
      const slot = ref * SHARED_USES.length + use;
      let known = pageValues[slot];
      if (known === undefined) {
        const found = sharedAt(shared, ref, kind) as SharedValue;
        const key = SHARED_USES[use] + JSON.stringify(found);
        let kept = this.values.get(key);
        if (kept === undefined) this.values.set(key, (kept = found));
        pageValues[slot] = known = { key, kept };
      }
      keys.push(known.key);
      return known.kept as T;
    };
    const mimeType = value<string>(rows[at + 4], 'string', 0);
    if (mimeType !== undefined) {
      shape.mimeType = mimeType;
      shape.mimeTypeLower = mimeType.toLowerCase();
    }
    const audience = value<Audience[]>(rows[at + 6], 'array', 1);
    if (audience !== undefined) shape.audience = audience;
    const icons = value<Icon[]>(rows[at + 9], 'array', 2);
    if (icons !== undefined) shape.icons = icons;
    const invalid = value<InvalidAnnotation[]>(rows[at + 10], 'array', 3);
    if (invalid !== undefined) shape.invalidAnnotations = invalid;
    const key = keys.join('\n');
    let ref = this.shapeByKey.get(key);
    if (ref === undefined) this.shapeByKey.set(key, (ref = this.shapes.push(shape) - 1));
    return ref;
  }

  private truncate(length: number): void {
    for (const column of [this.lines, this.forms, this.kept, this.sizes, this.priority, this.modified]) column.length = length;
    for (const map of [this.modifiedText, this.unreadable, this.invalidPriority, this.oddSizes, this.made]) for (const k of map.keys()) if (k >= length) map.delete(k);
  }

  lineAt(index: number): string {
    return this.lines[index];
  }

  lowerFieldAt(index: number, field: LineField): string {
    const unreadable = this.unreadable.get(index);
    return unreadable ? fieldOf(unreadable, field) : lineField(this.lines[index], field);
  }

  /** A text field as sent; undefined when the item has none. */
  private textAt(index: number, field: typeof FIELD_NAME | typeof FIELD_TITLE | typeof FIELD_URI | typeof FIELD_DESCRIPTION): string | undefined {
    const form = this.forms[index];
    if ((field === FIELD_TITLE && !(form & HAS_TITLE)) || (field === FIELD_DESCRIPTION && !(form & HAS_DESCRIPTION))) return undefined;
    if (!(form & KEPT_BITS[field])) return this.lowerFieldAt(index, field);
    const kept = this.kept[index] as string | string[];
    if (typeof kept === 'string') return kept;
    let position = 0;
    for (let f = 0; f < field; f++) if (form & KEPT_BITS[f]) position++;
    return kept[position];
  }

  private shapeAt(index: number): Shape {
    return this.shapes[this.forms[index] >> SHAPE_SHIFT];
  }

  uriAt(index: number): string {
    return this.textAt(index, FIELD_URI) as string;
  }

  uriIs(index: number, uri: string): boolean {
    if (this.forms[index] & KEPT_BITS[FIELD_URI] || this.unreadable.has(index)) return this.uriAt(index) === uri;
    return lineFieldIs(this.lines[index], FIELD_URI, uri);
  }

  audienceAt(index: number): readonly Audience[] | undefined {
    return this.shapeAt(index).audience;
  }

  priorityAt(index: number): number | undefined {
    const priority = this.priority[index];
    return Number.isNaN(priority) ? this.invalidPriority.get(index) : priority;
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
    const item: ResourceItem = { serverId: this.serverId, uri: this.uriAt(index), name: this.textAt(index, FIELD_NAME) as string };
    const title = this.textAt(index, FIELD_TITLE);
    if (title !== undefined) item.title = title;
    const description = this.textAt(index, FIELD_DESCRIPTION);
    if (description !== undefined) item.description = description;
    const shape = this.shapeAt(index);
    if (shape.mimeType !== undefined) item.mimeType = shape.mimeType;
    const size = this.sizes[index];
    if (size !== NO_SIZE) item.size = size === ODD_SIZE ? (this.oddSizes.get(index) as number) : size;
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

  uriIs(index: number, uri: string): boolean {
    return this.table.uriIs(index, uri);
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

  get numericColumns(): NumericColumns {
    return this.table;
  }
}
