// What Streamable HTTP and legacy HTTP+SSE share: a URL entry with optional headers (e.g. a bearer
// token, `${env:NAME}` references expanded here, at connect time), sign-in (the engine's auth module signs
// each request and notes the server's challenges), and no process whose exit would tell that the server is gone.
import type { AuthProvider, FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import type { HttpServerConfig } from '../../../../shared/contract';
import { expandHeaders } from '../../config/env-references';
import type { DropSignals, TransportObservers } from './descriptor';
import { eventStreamFetch } from './event-stream-fetch';
import { guardedFetch } from './guarded-fetch';

export const httpDrop: DropSignals = { closedReason: 'the connection closed', watchRequests: true };

interface HttpTransportOptions {
  requestInit: RequestInit;
  authProvider: AuthProvider;
  fetch: FetchLike;
}

/**
 * The options both HTTP transports take: headers, the bearer token source, and a fetch that notes the server's
 * challenges and holds the server to its budgets (guarded-fetch.ts). `transport`: the transport being built,
 * for notifications the gate delivers late. `onEventStreamSent`: a GET of an event stream has been sent.
 */
export function httpOptionsOf(
  entry: HttpServerConfig,
  observers: TransportObservers,
  transport: () => { onmessage?: (message: JSONRPCMessage) => void },
  onEventStreamSent?: () => void
): HttpTransportOptions {
  const { authProvider, fetch } = observers.auth.transportAuth(observers.serverId, entry, eventStreamFetch(globalThis.fetch, onEventStreamSent));
  return {
    requestInit: entry.headers ? { headers: expandHeaders(entry.headers, observers.serverId) } : {},
    authProvider,
    fetch: guardedFetch(observers, message => transport().onmessage?.(message), fetch)
  };
}

/** The URL and the headers (names in lower case, as HTTP compares them): the same for both URL kinds, so one
 * server reached over Streamable HTTP and over legacy SSE is one identity. */
export function urlIdentityOf(entry: HttpServerConfig): unknown {
  const headers = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return { url: entry.url, headers };
}
