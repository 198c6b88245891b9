// The priority sort without comparisons. Priorities mostly take a handful of values (0, 0.5, 1; or two
// decimals), so a server's items are sorted by counting: each distinct value keeps the list of its items, in
// item order, and an order is those lists copied one after another, highest value first. A listing that grows
// by a page only appends its new items to their lists; each order is then a few block copies, not a merge that
// compares every item again. Dates are mostly all distinct: past COUNTED_VALUES_LIMIT values the caller sorts
// by comparison instead.

/** More distinct values than this are sorted by comparison. */
const COUNTED_VALUES_LIMIT = 1024;

interface Bucket {
  value: number;
  items: Uint32Array;
  length: number;
}

export class CountedOrder {
  // Map keys compare as SameValueZero: every NaN (missing) is one value, and 0 and -0 are one, as in the compare.
  private readonly bucketOf = new Map<number, Bucket>();
  private length = 0;

  /**
   * Takes in `column[length..n)` (a column grows only at its end). False when the column has more distinct
   * values than counting pays for: then this is of no further use.
   */
  grow(column: readonly number[], n: number): boolean {
    for (let i = this.length; i < n; i++) {
      let bucket = this.bucketOf.get(column[i]);
      if (bucket === undefined) {
        if (this.bucketOf.size === COUNTED_VALUES_LIMIT) return false;
        this.bucketOf.set(column[i], (bucket = { value: column[i], items: new Uint32Array(16), length: 0 }));
      }
      if (bucket.length === bucket.items.length) {
        const bigger = new Uint32Array(bucket.length * 2);
        bigger.set(bucket.items);
        bucket.items = bigger;
      }
      bucket.items[bucket.length++] = i;
    }
    this.length = n;
    return true;
  }

  /** Every item taken in, highest value first, NaN last, ties in item order: `byDescendingColumn`'s order. */
  order(): Uint32Array {
    const buckets = [...this.bucketOf.values()].sort((a, b) => (Number.isNaN(a.value) ? 1 : Number.isNaN(b.value) ? -1 : b.value - a.value));
    const order = new Uint32Array(this.length);
    let offset = 0;
    for (const bucket of buckets) {
      order.set(bucket.items.subarray(0, bucket.length), offset);
      offset += bucket.length;
    }
    return order;
  }
}
