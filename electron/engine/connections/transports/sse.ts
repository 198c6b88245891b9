// Legacy HTTP+SSE: chosen by `type: "sse"`, or as Streamable HTTP's fallback. It predates the 2026 era,
// so the client negotiates the legacy era only.
import { SSEClientTransport } from '@modelcontextprotocol/client';
import type { TransportDescriptor } from './descriptor';
import { httpDrop, requestInitOf, urlIdentityOf } from './http-entry';

export const sse: TransportDescriptor<'sse'> = {
  kind: 'sse',
  negotiation: 'legacy',
  drop: httpDrop,
  build: entry => ({ transport: new SSEClientTransport(new URL(entry.url), { requestInit: requestInitOf(entry) }), pid: () => undefined }),
  endpoint: entry => entry.url,
  identity: urlIdentityOf,
  credentials: entry => entry.headers
};
