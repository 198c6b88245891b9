// The one response store behind every connection: entries in least-recently-used order, bounded by a
// byte budget (a large blob costs its size), TTLs capped. It knows nothing about calls or servers' views;
// it reports which servers' entries changed so events and counters can follow.
//
// The pages of one walked list are evicted together. A list missing a page is worth nothing: the last known list
// needs the whole chain, and a new walk starts from the first page. Evicted one page at a time, fifty listings
// running side by side each lost their first pages first, and the budget ended up holding fifty lists' tails and
// two whole lists.
import type { CacheScope, ServerId } from '../../../shared/contract';
import { parsePartition } from './keys';

export interface StoredEntry {
  readonly key: string;
  /** Config identity the entry belongs to (public entries are shared within it). */
  readonly identity: string;
  /** The server whose connection wrote it. */
  readonly serverId: ServerId;
  /** Principal of the writing connection; private entries are served to that principal only. */
  readonly writerPrincipal: string;
  readonly method: string;
  readonly params: string;
  readonly partition: string;
  readonly kind: 'sdk' | 'page';
  readonly scope: CacheScope;
  /** The serialized result document, exactly as the SDK handed it over (list pages: see DeferredText). */
  readonly value: string;
  /** `value` as the parts it may be kept in (their concatenation), without joining them: for writers that stream. */
  readonly valueParts?: readonly string[];
  /** Absent: never fresh (the SDK keeps such entries for its own tools index). */
  readonly expiresAt?: number;
  readonly storedAt: number;
  readonly stamp: number;
  readonly size: number;
  /** Loaded from the warm-start file at launch: always stale until revalidated. */
  readonly restored?: boolean;
}

/** When the entry stops being fresh, as the user is shown it: one without an expiry counts as expired when stored. */
export function expiryOf(entry: Pick<StoredEntry, 'expiresAt' | 'storedAt'>): number {
  return entry.expiresAt ?? entry.storedAt;
}

/**
 * A result to be serialised just after it is stored rather than at once: the list walk stores each page it
 * fetches before it hands the page on, so serialising there (~0.4 ms per 500-item page) delayed every page
 * of a listing. The text is made on the next turn of the event loop, while the walk waits for the server
 * (or earlier, if something reads the entry first); only then is its size known and counted in the budget.
 * It may come in parts (json-parts.ts), kept as they are until the entry is read: one string of a whole page
 * is costly to make (see there).
 */
export interface DeferredText {
  serialize(): string | readonly string[];
}

export type NewEntry = Omit<StoredEntry, 'stamp' | 'size' | 'kind' | 'storedAt' | 'value'> & { value: string | DeferredText; storedAt?: number };

export interface ResponseStoreOptions {
  budgetBytes: number;
  maxTtlMs: number;
  now: () => number;
  /** Called after every change with the servers whose entries were touched. */
  onChange: (serverIds: ReadonlySet<ServerId>) => void;
}

/** Fixed cost per entry on top of its body (key strings, bookkeeping), so tiny entries still count. */
const ENTRY_OVERHEAD_BYTES = 256;

/** One request of one identity, whatever its partition. */
const requestOf = (identity: string, method: string, params: string) => `${identity}\0${method}\0${params}`;

/** The walked list a page entry is part of: one identity, partition and method, every cursor. */
const listOf = (entry: Pick<StoredEntry, 'identity' | 'partition' | 'method'>) => `${entry.identity}\0${entry.partition}\0${entry.method}`;

export class ResponseStore {
  private readonly entries = new Map<string, StoredEntry>();
  /**
   * The entries of each request (`requestOf`): a lookup reads its few partitions instead of scanning the store,
   * whose pages of one 1M listing are 2,000 entries, each looked up once (a scan each: 0.95 s of the engine's CPU per
   * listing, `bench/scale-profile.ts --size 1M`).
   */
  private readonly byRequest = new Map<string, Set<StoredEntry>>();
  /** The page entries of each walked list (`listOf`), evicted together. */
  private readonly byList = new Map<string, Set<StoredEntry>>();
  private bytes = 0;
  private stamp = 0;
  private changes = 0;
  budgetBytes: number;

  constructor(private readonly options: ResponseStoreOptions) {
    this.budgetBytes = options.budgetBytes;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get maxTtlMs(): number {
    return this.options.maxTtlMs;
  }

  get size(): number {
    return this.entries.size;
  }

  now(): number {
    return this.options.now();
  }

  /** How many times an entry was stored or removed: what was read from the store still holds while this stays. */
  get version(): number {
    return this.changes;
  }

  /** Looks an entry up and marks it most recently used. */
  get(key: string): StoredEntry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Looks an entry up without touching its LRU position (inspection, revalidation checks). */
  peek(key: string): StoredEntry | undefined {
    return this.entries.get(key);
  }

  /**
   * Stores an entry, capping its TTL, then evicts least recently used entries until the budget holds.
   * Returns undefined when the entry alone exceeds the budget: it is not stored and any older entry under
   * the same key is dropped, so a stale body never outlives a newer one that did not fit.
   */
  put(input: NewEntry): StoredEntry | undefined {
    const storedAt = input.storedAt ?? this.now();
    const cap = storedAt + this.options.maxTtlMs;
    const expiresAt = input.expiresAt === undefined ? undefined : Math.min(input.expiresAt, cap);
    const { value, ...fields } = input;
    const bodyBytes = typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : 0;
    const size = bodyBytes + input.key.length * 2 + ENTRY_OVERHEAD_BYTES;
    const changed = new Set<ServerId>([input.serverId]);
    const previous = this.entries.get(input.key);
    if (previous) this.remove(previous, changed);
    if (size > this.budgetBytes) {
      this.options.onChange(changed);
      return undefined;
    }
    const base = { ...fields, expiresAt, storedAt, size, kind: parsePartition(input.partition).kind, stamp: ++this.stamp };
    const entry: StoredEntry = typeof value === 'string' ? { ...base, value } : this.withDeferredValue(base, value);
    this.entries.set(entry.key, entry);
    addTo(this.byRequest, requestOf(entry.identity, entry.method, entry.params), entry);
    if (entry.kind === 'page') addTo(this.byList, listOf(entry), entry);
    this.changes++;
    this.bytes += size;
    this.evictToBudget(changed);
    this.options.onChange(changed);
    return entry;
  }

  /**
   * `entry` with its `value` made on first read or on the next turn (if it is still stored then), whichever
   * comes first; its size is counted then, and a text larger than the whole budget is dropped, alone.
   */
  private withDeferredValue(base: Omit<StoredEntry, 'value'>, text: DeferredText): StoredEntry {
    let pending: DeferredText | undefined = text;
    let parts: readonly string[] | undefined;
    let value = '';
    const read = () => {
      settle();
      if (parts) {
        value = parts.length === 1 ? parts[0] : parts.join('');
        parts = undefined;
      }
      return value;
    };
    const readParts = () => {
      settle();
      return parts ?? [value];
    };
    Object.defineProperty(base, 'valueParts', { enumerable: false, get: readParts });
    const entry = Object.defineProperty(base, 'value', { enumerable: true, get: read }) as StoredEntry & { size: number };
    const isStored = () => this.entries.get(entry.key) === entry;
    const settle = () => {
      if (!pending) return;
      const made = pending.serialize();
      pending = undefined; // the result object is not kept past this
      parts = typeof made === 'string' ? [made] : made;
      let bytes = 0;
      for (const part of parts) bytes += Buffer.byteLength(part, 'utf8');
      if (!isStored()) {
        entry.size += bytes; // dropped already: never counted
        return;
      }
      const changed = new Set<ServerId>([entry.serverId]);
      if (entry.size + bytes > this.budgetBytes) {
        // As put() refuses an entry larger than the whole budget; a page takes its list with it (see the top).
        for (const dropped of this.evictedWith(entry)) this.remove(dropped, changed);
        entry.size += bytes;
      } else {
        entry.size += bytes;
        this.bytes += bytes;
        this.evictToBudget(changed);
      }
      this.options.onChange(changed);
    };
    // An entry dropped before its turn is not serialised for nothing.
    setImmediate(() => isStored() && settle());
    return entry;
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    const changed = new Set<ServerId>();
    this.remove(entry, changed);
    this.options.onChange(changed);
    return true;
  }

  /** Drops every entry matching `predicate`; returns how many. */
  deleteWhere(predicate: (entry: StoredEntry) => boolean): number {
    const changed = new Set<ServerId>();
    let count = 0;
    for (const entry of [...this.entries.values()]) {
      if (!predicate(entry)) continue;
      this.remove(entry, changed);
      count++;
    }
    if (count > 0) this.options.onChange(changed);
    return count;
  }

  /** The entries stored for one request of `identity`, in every partition. */
  entriesOf(identity: string, method: string, params: string): StoredEntry[] {
    const bucket = this.byRequest.get(requestOf(identity, method, params));
    return bucket ? [...bucket] : [];
  }

  all(): StoredEntry[] {
    return [...this.entries.values()];
  }

  /** What is evicted together with `entry`: every stored page of its walked list, or the entry alone. */
  evictedWith(entry: StoredEntry): readonly StoredEntry[] {
    const pages = entry.kind === 'page' ? this.byList.get(listOf(entry)) : undefined;
    return pages ? [...pages] : [entry];
  }

  private evictToBudget(changed: Set<ServerId>): void {
    for (const oldest of this.entries.values()) {
      if (this.bytes <= this.budgetBytes) break;
      for (const entry of this.evictedWith(oldest)) this.remove(entry, changed);
    }
  }

  private remove(entry: StoredEntry, changed: Set<ServerId>): void {
    this.entries.delete(entry.key);
    removeFrom(this.byRequest, requestOf(entry.identity, entry.method, entry.params), entry);
    if (entry.kind === 'page') removeFrom(this.byList, listOf(entry), entry);
    this.changes++;
    this.bytes -= entry.size;
    changed.add(entry.serverId);
  }
}

function addTo(index: Map<string, Set<StoredEntry>>, key: string, entry: StoredEntry): void {
  let bucket = index.get(key);
  if (!bucket) index.set(key, (bucket = new Set()));
  bucket.add(entry);
}

function removeFrom(index: Map<string, Set<StoredEntry>>, key: string, entry: StoredEntry): void {
  const bucket = index.get(key);
  if (bucket?.delete(entry) && bucket.size === 0) index.delete(key);
}
