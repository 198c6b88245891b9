// The app root: providers, sign-in tabs, and the layout. The engine's events are followed from main.tsx, before
// the first render.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { EngineClient } from '../../shared/contract';
import { useOpenSignInPages } from '../features/auth/sign-in-tabs';
import { EngineProvider } from './engine-context';
import { Layout } from './Layout';

function SignInPages() {
  useOpenSignInPages();
  return null;
}

export function App({ client, queryClient }: { client: EngineClient; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <EngineProvider client={client}>
        <SignInPages />
        <Layout mode={client.mode} />
      </EngineProvider>
    </QueryClientProvider>
  );
}
