// The watched resources, from the engine, kept current by subscriptionChanged / subscriptionRemoved events
// (the follower is mounted once, by SubscriptionsTracker).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { EngineClient, ServerId, SubscriptionInfo } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';

const subscriptionsKey = ['subscriptions.list'] as const;

export function useSubscriptions() {
  const engine = useEngine();
  return useQuery({ queryKey: subscriptionsKey, queryFn: () => engine.call('subscriptions.list', {}) });
}

export function useSubscription(serverId: ServerId, uri: string): SubscriptionInfo | undefined {
  return useSubscriptions().data?.find(s => s.serverId === serverId && s.uri === uri);
}

export function followSubscriptionEvents(engine: EngineClient, queryClient: QueryClient): () => void {
  const same = (a: { serverId: ServerId; uri: string }, b: { serverId: ServerId; uri: string }) => a.serverId === b.serverId && a.uri === b.uri;
  const offChanged = engine.on('subscriptionChanged', info =>
    queryClient.setQueryData<SubscriptionInfo[]>(subscriptionsKey, list => {
      if (!list) return list;
      return list.some(s => same(s, info)) ? list.map(s => (same(s, info) ? info : s)) : [...list, info];
    })
  );
  const offRemoved = engine.on('subscriptionRemoved', removed =>
    queryClient.setQueryData<SubscriptionInfo[]>(subscriptionsKey, list => list?.filter(s => !same(s, removed)))
  );
  return () => {
    offChanged();
    offRemoved();
  };
}
