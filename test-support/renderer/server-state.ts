// A server's state as the engine reports it, for page tests that need servers in given states.
import type { ServerState } from '../../shared/contract';

export const serverState = (id: string, status: ServerState['status'], extra: Partial<ServerState> = {}): ServerState => ({
  id,
  transport: 'stdio',
  status,
  reconnectAttempt: 0,
  endpoint: `node ${id}.js`,
  ...extra
});
