// Gives every component and query hook the one EngineClient, whatever carrier (IPC or socket) it uses.
import { createContext, useContext, type ReactNode } from 'react';
import type { EngineClient } from '../../shared/contract';

const EngineContext = createContext<EngineClient | null>(null);

export function EngineProvider({ client, children }: { client: EngineClient; children: ReactNode }) {
  return <EngineContext.Provider value={client}>{children}</EngineContext.Provider>;
}

export function useEngine(): EngineClient {
  const client = useContext(EngineContext);
  if (!client) throw new Error('useEngine() used outside <EngineProvider>');
  return client;
}
