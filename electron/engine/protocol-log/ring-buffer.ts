// A bounded FIFO: at most `cap` items and at most `byteBudget` bytes (by each item's declared size).
// Pushing past either bound evicts the oldest items and counts them as dropped. O(1) push.

export class RingBuffer<T> {
  private slots: (T | undefined)[];
  private sizes: number[];
  private head = 0;
  private count = 0;
  private bytes = 0;
  private droppedCount = 0;

  constructor(
    private capacity: number,
    private readonly byteBudget: number = Number.POSITIVE_INFINITY
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring buffer cap must be a positive integer, got ${capacity}`);
    this.slots = new Array<T | undefined>(capacity);
    this.sizes = new Array<number>(capacity).fill(0);
  }

  get cap(): number {
    return this.capacity;
  }

  get length(): number {
    return this.count;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** Items evicted to stay within the bounds since creation or the last `clear()`. */
  get dropped(): number {
    return this.droppedCount;
  }

  push(item: T, size = 0): void {
    if (this.count === this.capacity) this.evictOldest();
    const tail = (this.head + this.count) % this.capacity;
    this.slots[tail] = item;
    this.sizes[tail] = size;
    this.count++;
    this.bytes += size;
    // Keep the newest item even when it alone exceeds the budget: an empty log would hide it entirely.
    while (this.bytes > this.byteBudget && this.count > 1) this.evictOldest();
  }

  /** Gives kept items new sizes: `resize` returns an item's new size, or undefined to leave it as it is. */
  reweighEach(resize: (item: T) => number | undefined): void {
    for (let i = 0; i < this.count; i++) {
      const at = (this.head + i) % this.capacity;
      const size = resize(this.slots[at] as T);
      if (size === undefined) continue;
      this.bytes += size - this.sizes[at];
      this.sizes[at] = size;
    }
    while (this.bytes > this.byteBudget && this.count > 1) this.evictOldest();
  }

  /** Oldest first. */
  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = 0; i < this.count; i++) yield this.slots[(this.head + i) % this.capacity] as T;
  }

  /** Newest first, stopping when `visit` returns false. */
  forEachNewest(visit: (item: T) => boolean | void): void {
    for (let i = this.count - 1; i >= 0; i--) {
      if (visit(this.slots[(this.head + i) % this.capacity] as T) === false) return;
    }
  }

  /** Keeps only the items `keep` accepts, in order. Returns how many were removed (not counted as dropped). */
  retain(keep: (item: T) => boolean): number {
    const kept: [T, number][] = [];
    for (let i = 0; i < this.count; i++) {
      const at = (this.head + i) % this.capacity;
      const item = this.slots[at] as T;
      if (keep(item)) kept.push([item, this.sizes[at]]);
    }
    const removed = this.count - kept.length;
    const dropped = this.droppedCount;
    this.reset(this.capacity);
    for (const [item, size] of kept) this.push(item, size);
    this.droppedCount = dropped;
    return removed;
  }

  /** Changes the cap, keeping the newest items that fit; the ones that no longer fit count as dropped. */
  resize(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring buffer cap must be a positive integer, got ${capacity}`);
    const items: [T, number][] = [];
    for (let i = 0; i < this.count; i++) {
      const at = (this.head + i) % this.capacity;
      items.push([this.slots[at] as T, this.sizes[at]]);
    }
    const overflow = Math.max(0, items.length - capacity);
    const dropped = this.droppedCount + overflow;
    this.reset(capacity);
    for (const [item, size] of items.slice(overflow)) this.push(item, size);
    this.droppedCount += dropped;
  }

  clear(): void {
    this.reset(this.capacity);
  }

  private reset(capacity: number): void {
    this.capacity = capacity;
    this.slots = new Array<T | undefined>(capacity);
    this.sizes = new Array<number>(capacity).fill(0);
    this.head = 0;
    this.count = 0;
    this.bytes = 0;
    this.droppedCount = 0;
  }

  private evictOldest(): void {
    this.bytes -= this.sizes[this.head];
    this.slots[this.head] = undefined;
    this.sizes[this.head] = 0;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    this.droppedCount++;
  }
}
