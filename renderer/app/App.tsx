// The app root: providers, the event bridge, and the layout.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { EngineClient } from '../../shared/contract';
import { useFollowEngineEvents } from '../queries/engine-events';
import { EngineProvider } from './engine-context';
import { Layout } from './Layout';

function EventBridge() {
  useFollowEngineEvents();
  return null;
}

export function App({ client }: { client: EngineClient }) {
  // Freshness is the engine's call (it has the cache and the events), so the view cache never refetches
  // on its own on focus or on a timer.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { refetchOnWindowFocus: false, retry: false, staleTime: Infinity },
          mutations: { retry: false }
        }
      })
  );
  return (
    <QueryClientProvider client={queryClient}>
      <EngineProvider client={client}>
        <EventBridge />
        <Layout mode={client.mode} />
      </EngineProvider>
    </QueryClientProvider>
  );
}
