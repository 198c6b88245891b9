// Legacy HTTP+SSE: chosen by `type: "sse"`, or as Streamable HTTP's fallback. It predates the 2026 era,
// so the client negotiates the legacy era only.
import { SSEClientTransport } from '@modelcontextprotocol/client';
import type { TransportDescriptor } from './descriptor';
import { httpDrop, httpOptionsOf, urlIdentityOf } from './http-entry';

export const sse: TransportDescriptor<'sse'> = {
  kind: 'sse',
  negotiation: 'legacy',
  drop: httpDrop,
  build: (entry, observers) => ({ transport: new SSEClientTransport(new URL(entry.url), httpOptionsOf(entry, observers)), pid: () => undefined }),
  endpoint: entry => entry.url,
  identity: urlIdentityOf,
  credentials: entry => entry.headers
};
