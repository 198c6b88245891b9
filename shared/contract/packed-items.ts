// Resource items as `listProgress` events carry them: one flat row of values per item, with the values
// many items share (MIME types, icon lists, audiences) stored once per page and referenced by index, and
// the server id once per event. A 100k listing streams about 25 MB of items as objects; packed, it is less
// than half, and the engine, the carrier and the page each handle fewer bytes and allocate less. The pack
// is exact for items as the engine makes them (an `annotations` object only when one of its fields is set,
// `invalidAnnotations` only when it lists something).
import { canonicalIsoMs, isCanonicalIsoMs } from './iso-dates';
import type { Audience, Icon, InvalidAnnotation, ListResult, ResourceItem, ServerId } from './types';

type SharedValue = string | Icon[] | Audience[] | InvalidAnnotation[];
type Cell = string | number | null;

export interface PackedResourceItems {
  count: number;
  /** Values referenced from `rows` by index. */
  shared: SharedValue[];
  /** `PACKED_FIELDS` cells per item: uri, name, title, description, mimeType ref, size, audience ref,
   *  priority, lastModified, icons ref, invalidAnnotations ref. An absent field is null, an absent reference -1.
   *  A lastModified written as `toISOString` writes it is its ms number (iso-dates.ts); any other, its text. */
  rows: Cell[];
}

export const PACKED_FIELDS = 11;

/**
 * A resource list with its items packed: what `resources.lastKnown` answers, whose 100k items travel and decode
 * several times faster this way than as objects (the page unpacks them as it does `listProgress` items).
 */
export type PackedListResult = Omit<ListResult<ResourceItem>, 'items'> & { items: PackedResourceItems };

/** `list` with its items unpacked (see `unpackResourceItems`, which throws `MalformedPackError` for a bad pack). */
export function unpackListResult(list: PackedListResult): ListResult<ResourceItem> {
  return { ...list, items: unpackResourceItems(list.serverId, list.items) };
}

const sameStrings = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, k) => x === b[k]));

const sameIcons = (a: readonly Icon[], b: readonly Icon[]) =>
  a.length === b.length &&
  a.every((x, k) => x.src === b[k].src && x.mimeType === b[k].mimeType && x.theme === b[k].theme && sameStrings(x.sizes, b[k].sizes));

const sameInvalid = (a: readonly InvalidAnnotation[], b: readonly InvalidAnnotation[]) =>
  a.length === b.length && a.every((x, k) => x.field === b[k].field && x.raw === b[k].raw);

/**
 * One kind of shared value: a page holds a handful of distinct MIME types, audiences and icon lists, so a
 * value is looked up by comparing it with those seen so far (no key to build and hash per item: that cost
 * more than the rest of packing); past `SCAN_LIMIT` distinct values, by a content key.
 */
class SharedKind<T extends SharedValue> {
  private readonly seen: T[] = [];
  private readonly at: number[] = [];
  private readonly byKey = new Map<string, number>();

  constructor(
    private readonly values: SharedValue[],
    private readonly same: (a: T, b: T) => boolean,
    private readonly key: (value: T) => string
  ) {}

  ref(value: T | undefined): number {
    if (value === undefined) return -1;
    for (let k = 0; k < this.seen.length; k++) if (this.same(this.seen[k], value)) return this.at[k];
    if (this.seen.length < SCAN_LIMIT) {
      this.seen.push(value);
      return this.at[this.at.push(this.values.push(value) - 1) - 1];
    }
    const key = this.key(value);
    let at = this.byKey.get(key);
    if (at === undefined) this.byKey.set(key, (at = this.values.push(value) - 1));
    return at;
  }
}

const SCAN_LIMIT = 16;

class SharedTable {
  readonly values: SharedValue[] = [];
  readonly strings = new SharedKind<string>(this.values, (a, b) => a === b, v => v);
  readonly audiences = new SharedKind<Audience[]>(this.values, sameStrings, v => v.join(' '));
  readonly icons = new SharedKind<Icon[]>(this.values, sameIcons, v => JSON.stringify(v));
  readonly invalid = new SharedKind<InvalidAnnotation[]>(this.values, sameInvalid, v => JSON.stringify(v));
}

function lastModifiedCell(text: string | undefined): Cell {
  if (text === undefined) return null;
  const ms = canonicalIsoMs(text);
  return Number.isNaN(ms) ? text : ms;
}

export function packResourceItems(items: readonly ResourceItem[]): PackedResourceItems {
  const shared = new SharedTable();
  const rows: Cell[] = [];
  for (const item of items) {
    const a = item.annotations;
    rows.push(
      item.uri,
      item.name,
      item.title ?? null,
      item.description ?? null,
      shared.strings.ref(item.mimeType),
      item.size ?? null,
      shared.audiences.ref(a?.audience),
      a?.priority ?? null,
      lastModifiedCell(a?.lastModified),
      shared.icons.ref(item.icons),
      shared.invalid.ref(item.invalidAnnotations)
    );
  }
  return { count: items.length, shared: shared.values, rows };
}

/** Thrown for a pack that is not one this module wrote; the carrier is ours, so this means a bug or a broken frame. */
export class MalformedPackError extends Error {}

function sharedAt(shared: readonly SharedValue[], ref: Cell, kind: 'string' | 'array'): SharedValue | undefined {
  if (ref === -1 || ref === null) return undefined;
  const value = typeof ref === 'number' ? shared[ref] : undefined;
  if (kind === 'string' ? typeof value !== 'string' : !Array.isArray(value)) throw new MalformedPackError(`Packed items: bad shared reference ${String(ref)}`);
  return value;
}

const text = (cell: Cell): string | undefined => (typeof cell === 'string' ? cell : undefined);
const num = (cell: Cell): number | undefined => (typeof cell === 'number' ? cell : undefined);

/** A lastModified cell's text: the sent text, or the one its ms number was read from. */
function lastModifiedOf(cell: Cell): string | undefined {
  if (typeof cell !== 'number') return text(cell);
  if (!isCanonicalIsoMs(cell)) throw new MalformedPackError(`Packed items: ${cell} is not a date in ms`);
  return new Date(cell).toISOString();
}

export function unpackResourceItems(serverId: ServerId, packed: PackedResourceItems): ResourceItem[] {
  const { rows, shared } = packed;
  if (!Array.isArray(rows) || !Array.isArray(shared) || rows.length !== packed.count * PACKED_FIELDS) {
    throw new MalformedPackError('Packed items: rows do not match the item count');
  }
  const items: ResourceItem[] = new Array(packed.count);
  for (let k = 0, at = 0; k < packed.count; k++, at += PACKED_FIELDS) {
    const uri = text(rows[at]);
    const name = text(rows[at + 1]);
    if (uri === undefined || name === undefined) throw new MalformedPackError(`Packed items: item ${k} has no uri or name`);
    const item: ResourceItem = { serverId, uri, name };
    const title = text(rows[at + 2]);
    if (title !== undefined) item.title = title;
    const description = text(rows[at + 3]);
    if (description !== undefined) item.description = description;
    const mimeType = sharedAt(shared, rows[at + 4], 'string') as string | undefined;
    if (mimeType !== undefined) item.mimeType = mimeType;
    const size = num(rows[at + 5]);
    if (size !== undefined) item.size = size;
    const audience = sharedAt(shared, rows[at + 6], 'array') as Audience[] | undefined;
    const priority = num(rows[at + 7]);
    const lastModified = lastModifiedOf(rows[at + 8]);
    if (audience !== undefined || priority !== undefined || lastModified !== undefined) {
      item.annotations = {};
      if (audience !== undefined) item.annotations.audience = audience;
      if (priority !== undefined) item.annotations.priority = priority;
      if (lastModified !== undefined) item.annotations.lastModified = lastModified;
    }
    const icons = sharedAt(shared, rows[at + 9], 'array') as Icon[] | undefined;
    if (icons !== undefined) item.icons = icons;
    const invalid = sharedAt(shared, rows[at + 10], 'array') as InvalidAnnotation[] | undefined;
    if (invalid !== undefined) item.invalidAnnotations = invalid;
    items[k] = item;
  }
  return items;
}
