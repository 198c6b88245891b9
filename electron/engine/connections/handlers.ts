// The contract methods for servers: status, details, add/remove (persisted in the config), reconnect.
import type { ConfigStore } from '../config/store';
import type { HandlerMap } from '../handlers';
import type { ServerRegistry } from './registry';

export function serverHandlers(registry: ServerRegistry, config: ConfigStore): HandlerMap<'servers.list' | 'servers.details' | 'servers.add' | 'servers.remove' | 'servers.reconnect'> {
  return {
    'servers.list': async () => registry.list(),
    'servers.details': async ({ serverId }) => registry.details(serverId),
    'servers.add': async ({ serverId, config: entry }) => {
      // Saved first: if the config file cannot take it (e.g. it has errors), nothing changes.
      await config.setServer(serverId, entry);
      return (await registry.add(serverId, entry)).snapshot();
    },
    'servers.remove': async ({ serverId }) => {
      const inConfig = await config.removeServer(serverId);
      const running = await registry.remove(serverId);
      return { removed: inConfig || running };
    },
    'servers.reconnect': async ({ serverId }) => registry.get(serverId).reconnect()
  };
}
