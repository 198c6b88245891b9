// Watched resources across every server. The watched set belongs to the user and outlives connections: when
// a connection drops, its watches show "resuming"; when the connection layer attaches the next live
// connection, a fresh channel (listen stream or per-URI subscribe) re-establishes all of them.
import type { AppError, ServerId, SubscriptionInfo } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { announcesListChanges, watchAvailability } from '../../../shared/subscriptions/availability';
import { appError } from '../errors';
import type { EventBus } from '../event-bus';
import type { LiveConnection, SubscriptionPort } from '../ports';
import { ListChangedRelay } from './list-changed-relay';
import { ListenChannel } from './listen-channel';
import { SubscribeChannel } from './subscribe-channel';
import type { WatchChannel, WatchStatus } from './watch-channel';
import type { BackoffPolicy } from '../connections/backoff';

/** How long `watch` waits for the server to confirm before answering with the pending state. */
const confirmTimeoutMs = 15_000;

interface ServerWatches {
  watches: Map<string, SubscriptionInfo>;
  conn?: LiveConnection;
  channel?: WatchChannel;
}

export interface SubscriptionManagerOptions {
  backoff?: BackoffPolicy;
  listChangedDebounceMs?: number;
}

export class SubscriptionManager implements SubscriptionPort {
  private readonly servers = new Map<ServerId, ServerWatches>();
  private readonly confirmWaiters = new Map<string, Set<() => void>>();
  private readonly listChanged: ListChangedRelay;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly options: SubscriptionManagerOptions = {}
  ) {
    this.listChanged = new ListChangedRelay(bus, options.listChangedDebounceMs);
    this.unsubscribe = bus.on('serverRemoved', ({ serverId }) => this.forgetServer(serverId));
  }

  attach(conn: LiveConnection): void {
    const entry = this.entry(conn.serverId);
    entry.channel?.close();
    entry.conn = conn;
    const { client, serverId } = conn;
    client.setNotificationHandler('notifications/resources/updated', notification => this.onUpdated(serverId, notification.params.uri));
    client.setNotificationHandler('notifications/resources/list_changed', () => this.listChanged.notify(serverId));
    const report = (uri: string, status: WatchStatus, error?: AppError) => this.setStatus(serverId, uri, status, error);
    const canWatch = watchAvailability(conn.era, conn.capabilities);
    if (conn.era === 'modern') {
      const listChanged = announcesListChanges(conn.capabilities);
      entry.channel = canWatch.available || listChanged ? new ListenChannel(client, report, { listChanged, backoff: this.options.backoff }) : undefined;
    } else {
      entry.channel = canWatch.available ? new SubscribeChannel(client, report, this.options.backoff) : undefined;
    }
    for (const info of entry.watches.values()) {
      if (canWatch.available) this.update(info, { mechanism: canWatch.mechanism, status: 'pending', error: undefined });
      else this.update(info, { status: 'refused', error: { code: 'unsupported', message: canWatch.reason } });
    }
    this.syncChannel(entry);
  }

  detach(serverId: ServerId): void {
    const entry = this.servers.get(serverId);
    if (!entry) return;
    entry.channel?.close();
    entry.channel = undefined;
    entry.conn = undefined;
    for (const info of entry.watches.values()) {
      this.update(info, { status: 'resuming', error: { code: 'transport', message: 'Waiting for the server to reconnect.' } });
    }
  }

  isWatched(serverId: ServerId, uri: string): boolean {
    return this.servers.get(serverId)?.watches.has(uri) ?? false;
  }

  list(): SubscriptionInfo[] {
    return [...this.servers.values()].flatMap(entry => [...entry.watches.values()].map(info => ({ ...info })));
  }

  /** Starts watching; resolves once the server has confirmed or refused (or after a timeout, still pending). */
  async watch(serverId: ServerId, uri: string): Promise<SubscriptionInfo> {
    const entry = this.entry(serverId);
    const existing = entry.watches.get(uri);
    if (existing) return { ...existing };
    const conn = entry.conn;
    if (!conn) throw appError('transport', `Server ${serverId} is not connected; watching needs a live connection.`);
    const canWatch = watchAvailability(conn.era, conn.capabilities);
    if (!canWatch.available) throw appError('unsupported', canWatch.reason);
    const info: SubscriptionInfo = { serverId, uri, mechanism: canWatch.mechanism, status: 'pending', updates: 0 };
    entry.watches.set(uri, info);
    const confirmed = this.waitForConfirmation(serverId, uri);
    this.bus.emit('subscriptionChanged', { ...info });
    this.syncChannel(entry);
    await confirmed;
    return { ...(entry.watches.get(uri) ?? info) };
  }

  unwatch(serverId: ServerId, uri: string): boolean {
    const entry = this.servers.get(serverId);
    if (!entry?.watches.delete(uri)) return false;
    this.bus.emit('subscriptionRemoved', { serverId, uri });
    this.syncChannel(entry);
    return true;
  }

  dispose(): void {
    this.unsubscribe();
    this.listChanged.dispose();
    for (const entry of this.servers.values()) entry.channel?.close();
  }

  private onUpdated(serverId: ServerId, uri: string): void {
    const at = Date.now();
    const info = this.servers.get(serverId)?.watches.get(uri);
    if (info) this.update(info, { updates: info.updates + 1, lastUpdated: at });
    // The SDK dropped the cached read before this handler ran; the UI re-reads on this event.
    this.bus.emit('resourceUpdated', { serverId, uri, at });
  }

  private setStatus(serverId: ServerId, uri: string, status: WatchStatus, error?: AppError): void {
    const info = this.servers.get(serverId)?.watches.get(uri);
    if (info) this.update(info, { status, error });
    if (status !== 'pending') this.confirm(serverId, uri);
  }

  private update(info: SubscriptionInfo, change: Partial<SubscriptionInfo>): void {
    Object.assign(info, change);
    if (info.error === undefined) delete info.error;
    this.bus.emit('subscriptionChanged', { ...info });
  }

  private syncChannel(entry: ServerWatches): void {
    entry.channel?.sync([...entry.watches.keys()]);
  }

  private entry(serverId: ServerId): ServerWatches {
    let entry = this.servers.get(serverId);
    if (!entry) {
      entry = { watches: new Map() };
      this.servers.set(serverId, entry);
    }
    return entry;
  }

  private forgetServer(serverId: ServerId): void {
    const entry = this.servers.get(serverId);
    if (!entry) return;
    entry.channel?.close();
    this.servers.delete(serverId);
    this.listChanged.forget(serverId);
    for (const uri of entry.watches.keys()) this.bus.emit('subscriptionRemoved', { serverId, uri });
  }

  private waitForConfirmation(serverId: ServerId, uri: string): Promise<void> {
    const key = resourceKey({ serverId, uri });
    return new Promise(resolve => {
      const timer = setTimeout(done, confirmTimeoutMs);
      let waiters = this.confirmWaiters.get(key);
      if (!waiters) this.confirmWaiters.set(key, (waiters = new Set()));
      waiters.add(done);
      function done() {
        clearTimeout(timer);
        waiters?.delete(done);
        resolve();
      }
    });
  }

  private confirm(serverId: ServerId, uri: string): void {
    const key = resourceKey({ serverId, uri });
    const waiters = this.confirmWaiters.get(key);
    if (!waiters) return;
    this.confirmWaiters.delete(key);
    for (const done of waiters) done();
  }
}
