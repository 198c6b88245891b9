// What Streamable HTTP and legacy HTTP+SSE share: a URL entry with optional headers (e.g. a bearer
// token), and no process whose exit would tell that the server is gone.
import type { HttpServerConfig } from '../../../../shared/contract';
import type { DropSignals } from './descriptor';

export const httpDrop: DropSignals = { closedReason: 'the connection closed', watchRequests: true };

export function requestInitOf(entry: HttpServerConfig): RequestInit {
  return entry.headers ? { headers: { ...entry.headers } } : {};
}
