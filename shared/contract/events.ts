// Events the engine pushes to the renderer. Each carrier delivers them in order.
import type { ConfigView } from './methods';
import type { PackedResourceItems } from './packed-items';
import type {
  CacheInfo,
  LogEntry,
  PendingInputRequest,
  ServerId,
  ServerState,
  StderrLine,
  SubscriptionInfo
} from './types';

export interface EngineEvents {
  /** A server's state changed (status, era, error, retry time). */
  serverState: ServerState;
  /** A server was removed from the registry. */
  serverRemoved: { serverId: ServerId };
  /** The config file changed on disk (edited by hand or by another tool) and was applied as `config.reload` applies it. */
  configChanged: ConfigView;
  /** More pages of a `resources.list` call arrived (grouped: a few events a second; items packed, see packed-items.ts). */
  listProgress: {
    serverId: ServerId;
    requestId: string;
    /** First page in this event; 1 means the listing (re)started and items of earlier events are void. */
    firstPage: number;
    /** Last page in this event. */
    page: number;
    loaded: number;
    items: PackedResourceItems;
    done: boolean;
  };
  /** `notifications/resources/updated`, after the engine dropped the cached entry. */
  resourceUpdated: { serverId: ServerId; uri: string; at: number };
  /** `notifications/resources/list_changed` (or templates), after the engine dropped the cached list. */
  listChanged: { serverId: ServerId; list: 'resources' | 'templates'; at: number };
  /** Cache contents or counters changed (coalesced). */
  cacheChanged: { serverId?: ServerId; at: number };
  /** A cached result's freshness as served (for badges that outlive the read). */
  cacheServed: { serverId: ServerId; method: string; params: string; cache: CacheInfo };
  subscriptionChanged: SubscriptionInfo;
  subscriptionRemoved: { serverId: ServerId; uri: string };
  inputRequested: PendingInputRequest;
  inputResolved: { id: string };
  /** New protocol-log entries (batched). */
  logAppended: { entries: LogEntry[]; dropped: number };
  stderr: { serverId: ServerId; lines: StderrLine[] };
  /**
   * A sign-in flow needs the user in a browser and this host lets the page open it (browser mode: a new tab).
   * Not sent when the host opens it itself (Electron's `shell.openExternal`, the CLI) or MCPRB_OPEN_URL=print.
   */
  authUrl: { serverId: ServerId; url: string };
}

export type EventName = keyof EngineEvents;

export type EngineEvent = { [K in EventName]: { event: K; payload: EngineEvents[K] } }[EventName];

/** Every event name once; the record's type makes the compiler refuse a missing or unknown one. */
const everyEvent: { readonly [E in EventName]: true } = {
  serverState: true,
  serverRemoved: true,
  configChanged: true,
  listProgress: true,
  resourceUpdated: true,
  listChanged: true,
  cacheChanged: true,
  cacheServed: true,
  subscriptionChanged: true,
  subscriptionRemoved: true,
  inputRequested: true,
  inputResolved: true,
  logAppended: true,
  stderr: true,
  authUrl: true
};

export const eventNames = Object.keys(everyEvent) as readonly EventName[];
