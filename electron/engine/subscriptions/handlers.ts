// Contract methods of the subscriptions module.
import type { HandlerMap } from '../handlers';
import type { SubscriptionManager } from './subscription-manager';

export function subscriptionHandlers(manager: SubscriptionManager): HandlerMap<'subscriptions.list' | 'subscriptions.watch' | 'subscriptions.unwatch'> {
  return {
    'subscriptions.list': async () => manager.list(),
    'subscriptions.watch': ({ serverId, uri }) => manager.watch(serverId, uri),
    'subscriptions.unwatch': async ({ serverId, uri }) => ({ removed: manager.unwatch(serverId, uri) })
  };
}
