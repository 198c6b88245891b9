// `--churn N`: the first N catalog items are announced updated in turn, `--churn-rate` times a second in all
// (a busy server for load tests: 1,000 a second over 100 watched items is ten a second each). Updates go out
// in batches on a 10 ms timer, as many as are due, so the rate holds however late the timer fires. With
// `--churn-trace` each batch is logged (`churn <epoch ms> <first index> <count>`): a benchmark reads the send
// times there to measure how long each update took to reach a watcher.
import { CATALOG_PREFIX } from './catalog';
import type { LiveResources } from './live';
import { log } from './log';

const TICK_MS = 10;

export class Churn {
  private timer: NodeJS.Timeout | undefined;
  private sent = 0;
  private startedAt = 0;

  constructor(
    private readonly live: LiveResources,
    private readonly count: number,
    private readonly perSecond: number,
    private readonly trace: boolean
  ) {}

  start(): void {
    if (this.timer || this.count === 0) return;
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const due = Math.floor(((performance.now() - this.startedAt) * this.perSecond) / 1000) - this.sent;
    if (due <= 0) return;
    const first = this.sent % this.count;
    for (let k = 0; k < due; k++) this.live.touch(`${CATALOG_PREFIX}${(this.sent + k) % this.count}`);
    this.sent += due;
    if (this.trace) log(`churn ${Date.now()} ${first} ${due}`);
  }
}
