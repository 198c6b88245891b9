// At most N icon fetches at a time per origin; the rest wait their turn here. The wait is not part of any
// fetch's deadline (each fetch starts its own clock once it runs), so a page of icons from a healthy but slow
// server is fetched in rounds instead of timing out in the connection pool's queue.
export class OriginLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly perOrigin: number) {}

  async run<T>(origin: string, task: () => Promise<T>): Promise<T> {
    const running = this.active.get(origin) ?? 0;
    if (running < this.perOrigin) this.active.set(origin, running + 1);
    else {
      // The slot is handed over by `release` (the count stays as it is), so no newcomer can take it between.
      await new Promise<void>(resolve => {
        const queue = this.waiting.get(origin) ?? [];
        queue.push(resolve);
        this.waiting.set(origin, queue);
      });
    }
    try {
      return await task();
    } finally {
      this.release(origin);
    }
  }

  private release(origin: string): void {
    const queue = this.waiting.get(origin);
    const next = queue?.shift();
    if (queue?.length === 0) this.waiting.delete(origin);
    if (next) return next();
    const left = (this.active.get(origin) ?? 1) - 1;
    if (left > 0) this.active.set(origin, left);
    else this.active.delete(origin);
  }
}
