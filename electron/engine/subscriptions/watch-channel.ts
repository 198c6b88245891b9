// What a watch channel is: the server-side half of the watched set of one live connection. The manager
// says which URIs it wants; the channel brings the server in line and reports each URI's outcome.
import type { AppError, SubscriptionInfo } from '../../../shared/contract';
import { backoffDelay, type BackoffPolicy } from '../connections/backoff';

export type WatchStatus = SubscriptionInfo['status'];

export interface ChannelReport {
  (uri: string, status: WatchStatus, error?: AppError): void;
}

export interface WatchChannel {
  /** The URIs that should be watched now (the whole set, not a delta). */
  sync(uris: readonly string[]): void;
  /** The connection is gone or replaced: stop everything, schedule nothing. */
  close(): void;
}

/**
 * Runs `reconcile` until the wanted state stops changing, one pass at a time: calls to `kick` while a pass
 * runs are folded into one more pass.
 */
class SerialReconciler {
  private running = false;
  private dirty = false;

  constructor(private readonly reconcile: () => Promise<void>) {}

  kick(): void {
    this.dirty = true;
    if (!this.running) void this.loop();
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (this.dirty) {
        this.dirty = false;
        await this.reconcile();
      }
    } finally {
      this.running = false;
    }
  }
}

/** Re-runs a channel's reconcile after a failure, waiting longer after each consecutive failure. */
export class RetryWithBackoff {
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly retry: () => void
  ) {}

  schedule(): void {
    clearTimeout(this.timer);
    this.attempt++;
    this.timer = setTimeout(() => this.retry(), backoffDelay(this.policy, this.attempt));
  }

  /** The last attempt succeeded (or lasted long enough): the next failure starts from the shortest delay. */
  reset(): void {
    this.attempt = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}

/**
 * What both channel kinds share: the wanted set, reconcile passes run one at a time, retries with backoff
 * after a failed pass, and a closed flag after which nothing more is scheduled.
 */
export abstract class ReconcilingChannel implements WatchChannel {
  protected wanted: ReadonlySet<string> = new Set();
  protected closed = false;
  protected readonly retry: RetryWithBackoff;
  private readonly reconciler = new SerialReconciler(() => this.reconcile());

  constructor(backoff: BackoffPolicy) {
    this.retry = new RetryWithBackoff(backoff, () => this.kick());
  }

  sync(uris: readonly string[]): void {
    this.wanted = new Set(uris);
    this.wantedChanged();
    this.kick();
  }

  close(): void {
    this.closed = true;
    this.retry.cancel();
  }

  /** Runs before the reconcile pass that `sync` starts (a pass begins synchronously). */
  protected wantedChanged(): void {}

  /** Brings the server in line with `wanted`; called again by `retry` after a failure. */
  protected abstract reconcile(): Promise<void>;

  private kick(): void {
    if (!this.closed) this.reconciler.kick();
  }
}
