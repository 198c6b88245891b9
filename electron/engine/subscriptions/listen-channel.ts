// 2026-07-28 servers: one `subscriptions/listen` stream per server carries the whole watched set (and
// `resourcesListChanged` when the server announces list changes). When the set changes, a new stream is
// opened with the new filter and the old one closed once the new one is acknowledged, so no update falls in
// a gap. Only what the acknowledgement honoured shows active; the rest shows refused. A stream that the server
// ends (graceful) or that drops (remote) is re-opened with backoff, and only what it carried shows resuming: a
// refusal stands, and a stream that carried nothing (all refused; a server may then end it at once) is not
// re-opened until the watched set changes.
import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import { appErrorFrom } from '../errors';
import { defaultBackoff, type BackoffPolicy } from '../connections/backoff';
import { ReconcilingChannel, type ChannelReport } from './watch-channel';

/** A stream that stayed open this long counts as healthy: the next drop starts backoff from the beginning. */
const stableAfterMs = 10_000;

interface OpenStream {
  subscription: McpSubscription;
  /** What was asked for. */
  uris: ReadonlySet<string>;
  /** What the acknowledgement honoured. */
  honoured: ReadonlySet<string>;
  /** Whether it carries anything: an honoured URI, or list changes. */
  carries: boolean;
  openedAt: number;
}

export interface ListenChannelOptions {
  /** Also ask for `notifications/resources/list_changed` on the stream. */
  listChanged: boolean;
  backoff?: BackoffPolicy;
}

export class ListenChannel extends ReconcilingChannel {
  private stream: OpenStream | undefined;

  constructor(
    private readonly client: Client,
    private readonly report: ChannelReport,
    private readonly options: ListenChannelOptions
  ) {
    super(options.backoff ?? defaultBackoff);
  }

  override close(): void {
    super.close();
    const stream = this.stream;
    this.stream = undefined;
    if (stream) void stream.subscription.close().catch(() => undefined);
  }

  protected async reconcile(): Promise<void> {
    if (this.closed) return;
    const uris = [...this.wanted];
    if (this.stream && sameSet(this.stream.uris, uris)) return;
    if (uris.length === 0 && !this.options.listChanged) {
      const stream = this.stream;
      this.stream = undefined;
      if (stream) await stream.subscription.close().catch(() => undefined);
      return;
    }
    let subscription: McpSubscription;
    try {
      subscription = await this.client.listen({
        ...(uris.length > 0 && { resourceSubscriptions: uris }),
        ...(this.options.listChanged && { resourcesListChanged: true })
      });
    } catch (err) {
      if (this.closed) return;
      const error = appErrorFrom(err);
      for (const uri of uris) this.report(uri, 'resuming', error);
      this.retry.schedule();
      return;
    }
    if (this.closed) {
      await subscription.close().catch(() => undefined);
      return;
    }
    const previous = this.stream;
    const honoured = new Set((subscription.honoredFilter.resourceSubscriptions ?? []).filter(uri => uris.includes(uri)));
    const carries = honoured.size > 0 || subscription.honoredFilter.resourcesListChanged === true;
    this.stream = { subscription, uris: new Set(uris), honoured, carries, openedAt: Date.now() };
    if (previous) void previous.subscription.close().catch(() => undefined);
    for (const uri of uris) {
      if (honoured.has(uri)) this.report(uri, 'active');
      else this.report(uri, 'refused', { code: 'unsupported', message: 'The server did not accept this URI in its acknowledged subscription filter.' });
    }
    void subscription.closed.then(reason => this.onClosed(subscription, reason));
  }

  private onClosed(subscription: McpSubscription, reason: 'local' | 'graceful' | 'remote'): void {
    if (reason === 'local' || this.closed || this.stream?.subscription !== subscription) return;
    // Nothing to resume: the refusals stand. The stream stays on record, so the same set is not asked again.
    if (!this.stream.carries) return;
    if (Date.now() - this.stream.openedAt >= stableAfterMs) this.retry.reset();
    const honoured = [...this.stream.honoured];
    this.stream = undefined;
    const message = reason === 'graceful' ? 'The server ended the subscription stream; re-opening it.' : 'The subscription stream dropped; re-opening it.';
    for (const uri of honoured) this.report(uri, 'resuming', { code: 'transport', message });
    this.retry.schedule();
  }
}

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === b.length && b.every(x => a.has(x));
}
