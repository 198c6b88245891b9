// 2025-11-25 servers that declare `resources.subscribe`: one `resources/subscribe` per watched URI and
// `resources/unsubscribe` when the watch ends. The server keeps these per session, so after a reconnect the
// manager attaches a fresh channel that subscribes to everything again.
import type { Client } from '@modelcontextprotocol/client';
import { ProtocolError } from '@modelcontextprotocol/client';
import { appErrorFrom } from '../errors';
import { defaultBackoff, type BackoffPolicy } from '../connections/backoff';
import { ReconcilingChannel, type ChannelReport } from './watch-channel';

export class SubscribeChannel extends ReconcilingChannel {
  /** URIs the server has accepted a subscription for. */
  private readonly subscribed = new Set<string>();
  /** URIs the server refused: not retried until they are watched anew. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly report: ChannelReport,
    backoff: BackoffPolicy = defaultBackoff
  ) {
    super(backoff);
  }

  protected override wantedChanged(): void {
    for (const uri of [...this.refused]) if (!this.wanted.has(uri)) this.refused.delete(uri);
  }

  protected async reconcile(): Promise<void> {
    let failed = false;
    for (const uri of this.wanted) {
      if (this.closed) return;
      if (this.subscribed.has(uri) || this.refused.has(uri)) continue;
      try {
        await this.client.subscribeResource({ uri });
        this.subscribed.add(uri);
        if (this.wanted.has(uri)) this.report(uri, 'active');
      } catch (err) {
        // The server answered with an error: it will not watch this URI. Anything else is worth retrying.
        if (err instanceof ProtocolError) {
          this.refused.add(uri);
          this.report(uri, 'refused', appErrorFrom(err));
        } else {
          failed = true;
          this.report(uri, 'resuming', appErrorFrom(err));
        }
      }
    }
    for (const uri of [...this.subscribed]) {
      if (this.closed) return;
      if (this.wanted.has(uri)) continue;
      this.subscribed.delete(uri);
      // Best effort: a failed unsubscribe only costs a few unwanted notifications, which are ignored.
      await this.client.unsubscribeResource({ uri }).catch(() => undefined);
    }
    if (failed) this.retry.schedule();
    else this.retry.reset();
  }
}
