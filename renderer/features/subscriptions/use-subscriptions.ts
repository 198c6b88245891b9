// The watched resources, from the engine, kept current by subscriptionChanged / subscriptionRemoved events
// (the follower is mounted once, by SubscriptionsTracker).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { EngineClient, ServerId, SubscriptionInfo } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { useEngine } from '../../app/engine-context';

const subscriptionsKey = ['subscriptions.list'] as const;

export function useSubscriptions() {
  const engine = useEngine();
  return useQuery({ queryKey: subscriptionsKey, queryFn: () => engine.call('subscriptions.list', {}) });
}

export function useSubscription(serverId: ServerId, uri: string): SubscriptionInfo | undefined {
  return useSubscriptions().data?.find(s => s.serverId === serverId && s.uri === uri);
}

/** How long changes wait to be applied together: about a frame, so a thousand updates a second cost ~60 renders. */
const APPLY_EVERY_MS = 16;

/**
 * Keeps the watched list current from the engine's events. Changes are applied together once per
 * APPLY_EVERY_MS (the latest per resource), in one list update, so a busy server re-renders the Watched panel
 * once a frame instead of once per update; a removal applies what is pending first, keeping the order.
 */
export function followSubscriptionEvents(engine: EngineClient, queryClient: QueryClient): () => void {
  const pending = new Map<string, SubscriptionInfo>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const changes = new Map(pending);
    pending.clear();
    queryClient.setQueryData<SubscriptionInfo[]>(subscriptionsKey, list => {
      if (!list) return list;
      const next = list.map(s => {
        const changed = changes.get(resourceKey(s));
        changes.delete(resourceKey(s));
        return changed ?? s;
      });
      return changes.size ? [...next, ...changes.values()] : next;
    });
  };
  const offChanged = engine.on('subscriptionChanged', info => {
    pending.set(resourceKey(info), info);
    timer ??= setTimeout(apply, APPLY_EVERY_MS);
  });
  const offRemoved = engine.on('subscriptionRemoved', removed => {
    apply();
    const key = resourceKey(removed);
    queryClient.setQueryData<SubscriptionInfo[]>(subscriptionsKey, list => list?.filter(s => resourceKey(s) !== key));
  });
  return () => {
    clearTimeout(timer);
    offChanged();
    offRemoved();
  };
}
