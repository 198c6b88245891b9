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
export class SerialReconciler {
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
