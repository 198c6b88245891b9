// What Streamable HTTP and legacy HTTP+SSE share: a URL entry with optional headers (e.g. a bearer
// token), and no process whose exit would tell that the server is gone.
import type { FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import type { HttpServerConfig } from '../../../../shared/contract';
import type { DropSignals, TransportObservers } from './descriptor';
import { guardedFetch } from './guarded-fetch';

export const httpDrop: DropSignals = { closedReason: 'the connection closed', watchRequests: true };

/** The options both HTTP transports take: the entry's headers, and the fetch that holds the server to its
 * budgets. `transport`: the transport being built, for notifications the gate delivers late. */
export function httpOptionsOf(
  entry: HttpServerConfig,
  observers: TransportObservers,
  transport: () => { onmessage?: (message: JSONRPCMessage) => void }
): { requestInit: RequestInit; fetch: FetchLike } {
  return {
    requestInit: entry.headers ? { headers: { ...entry.headers } } : {},
    fetch: guardedFetch(observers, message => transport().onmessage?.(message))
  };
}

/** The URL and the headers (names in lower case, as HTTP compares them): the same for both URL kinds, so one
 * server reached over Streamable HTTP and over legacy SSE is one identity. */
export function urlIdentityOf(entry: HttpServerConfig): unknown {
  const headers = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return { url: entry.url, headers };
}
