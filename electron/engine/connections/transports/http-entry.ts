// What Streamable HTTP and legacy HTTP+SSE share: a URL entry with optional headers (e.g. a bearer
// token), and no process whose exit would tell that the server is gone.
import type { HttpServerConfig } from '../../../../shared/contract';
import type { DropSignals } from './descriptor';

export const httpDrop: DropSignals = { closedReason: 'the connection closed', watchRequests: true };

export function requestInitOf(entry: HttpServerConfig): RequestInit {
  return entry.headers ? { headers: { ...entry.headers } } : {};
}

/** The URL and the headers (names in lower case, as HTTP compares them): the same for both URL kinds, so one
 * server reached over Streamable HTTP and over legacy SSE is one identity. */
export function urlIdentityOf(entry: HttpServerConfig): unknown {
  const headers = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return { url: entry.url, headers };
}
