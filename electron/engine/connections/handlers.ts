// The contract methods for servers: status, details, add/update/disable/remove (persisted in the config), reconnect.
import type { ServerConfigEntry } from '../../../shared/contract';
import { withStoredSecrets } from '../config/entry-secrets';
import type { ConfigStore } from '../config/store';
import { appError } from '../errors';
import type { HandlerMap } from '../handlers';
import type { ServerRegistry } from './registry';

export function serverHandlers(registry: ServerRegistry, config: ConfigStore): HandlerMap<
  'servers.list' | 'servers.details' | 'servers.add' | 'servers.update' | 'servers.setDisabled' | 'servers.remove' | 'servers.reconnect'
> {
  const stored = (serverId: string): ServerConfigEntry => {
    const entry = config.entries()[serverId];
    if (!entry) throw appError('unknown_server', `No configured server named "${serverId}"`);
    return entry;
  };
  /** Saved first: if the config file cannot take it (e.g. it has errors), nothing changes. */
  const replace = async (serverId: string, entry: ServerConfigEntry) => {
    await config.setServer(serverId, entry);
    return (await registry.add(serverId, entry)).snapshot();
  };
  return {
    'servers.list': async () => registry.list(),
    'servers.details': async ({ serverId }) => registry.details(serverId),
    'servers.add': async ({ serverId, config: entry }) => replace(serverId, entry),
    'servers.update': async ({ serverId, config: entry }) => replace(serverId, withStoredSecrets(entry, stored(serverId))),
    'servers.setDisabled': async ({ serverId, disabled }) => {
      const { disabled: _was, ...entry } = stored(serverId);
      return replace(serverId, disabled ? { ...entry, disabled: true } : entry);
    },
    'servers.remove': async ({ serverId }) => {
      const inConfig = await config.removeServer(serverId);
      const running = await registry.remove(serverId);
      return { removed: inConfig || running };
    },
    'servers.reconnect': async ({ serverId }) => registry.get(serverId).reconnect()
  };
}
