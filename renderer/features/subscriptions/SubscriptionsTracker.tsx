// Mounted once (as an overlay; it renders nothing): keeps the watched-resources list in step with engine
// events, and remembers each read's previous version for the diff.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEngine } from '../../app/engine-context';
import { followSubscriptionEvents } from './use-subscriptions';
import { recordReadVersions } from './version-history';

export function SubscriptionsTracker() {
  const engine = useEngine();
  const queryClient = useQueryClient();
  useEffect(() => followSubscriptionEvents(engine, queryClient), [engine, queryClient]);
  useEffect(() => queryClient.getQueryCache().subscribe(recordReadVersions), [queryClient]);
  return null;
}
