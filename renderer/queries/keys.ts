// Query keys, one family per engine method, scoped per server (and URI for reads), so engine events can
// invalidate exactly what they concern.
import type { ServerId } from '../../shared/contract';

export const queryKeys = {
  servers: () => ['servers.list'] as const,
  /** The config as the engine shows it to the page (`config.get`: secrets redacted, whether this is a first start). */
  config: () => ['config.get'] as const,
  /** Other apps' config files found on this machine (`config.importCandidates`). */
  importCandidates: () => ['config.importCandidates'] as const,
  /** Whether the launch's servers have all had their first attempt (`app.launchSettled`). */
  launchSettled: () => ['app.launchSettled'] as const,
  resourcesList: (serverId: ServerId) => ['resources.list', serverId] as const,
  /** Pages of a running list call, written as `listProgress` events arrive (no fetcher of its own). */
  listProgress: (serverId: ServerId) => ['resources.list.progress', serverId] as const,
  /** The engine's last known list of a server (`resources.lastKnown`), shown stale until the live one is in. */
  lastKnownList: (serverId: ServerId) => ['resources.lastKnown', serverId] as const,
  resourcesRead: (serverId: ServerId, uri: string) => ['resources.read', serverId, uri] as const,
  /** Prefix of every read of one server. */
  resourcesReadOfServer: (serverId: ServerId) => ['resources.read', serverId] as const,
  templatesList: (serverId: ServerId) => ['templates.list', serverId] as const,
  /** One icon fetched by the engine (`icons.get`). */
  icon: (serverId: ServerId, src: string) => ['icons.get', serverId, src] as const,
  /** Prefix of every icon of one server. */
  iconsOfServer: (serverId: ServerId) => ['icons.get', serverId] as const,
  /** The OAuth view of one URL server (`auth.details`). */
  authDetails: (serverId: ServerId) => ['auth.details', serverId] as const
};
