// The app root: providers, the event bridge, and the layout.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EngineClient } from '../../shared/contract';
import { useOpenSignInPages } from '../features/auth/sign-in-tabs';
import { preloadViews } from '../features/viewer/lazy-views';
import { useFollowEngineEvents } from '../queries/engine-events';
import { queryKeys } from '../queries/keys';
import { EngineProvider } from './engine-context';
import { Layout } from './Layout';

function EventBridge() {
  useFollowEngineEvents();
  useOpenSignInPages();
  return null;
}

function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: Infinity },
      mutations: { retry: false }
    }
  });
  // Lists are replaced whole, never patched: comparing 100k items deeply on every streamed page to keep
  // unchanged references cost more than the rest of the picker's work while listing.
  for (const key of [queryKeys.resourcesList(''), queryKeys.listProgress('')])
    queryClient.setQueryDefaults([key[0]], { structuralSharing: false });
  return queryClient;
}

export function App({ client }: { client: EngineClient }) {
  // Freshness is the engine's call (it has the cache and the events), so the view cache never refetches
  // on its own on focus or on a timer.
  const [queryClient] = useState(createQueryClient);
  useEffect(() => preloadViews(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <EngineProvider client={client}>
        <EventBridge />
        <Layout mode={client.mode} />
      </EngineProvider>
    </QueryClientProvider>
  );
}
