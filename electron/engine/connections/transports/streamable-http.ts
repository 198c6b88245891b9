// Streamable HTTP, falling back to legacy HTTP+SSE when it fails (except on 401/403, which SSE would
// get too).
import { SdkError, SdkErrorCode, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { TransportDescriptor } from './descriptor';
import { httpDrop, httpOptionsOf, urlIdentityOf } from './http-entry';

function isAuthFailure(err: unknown): boolean {
  return err instanceof SdkError && (err.code === SdkErrorCode.ClientHttpAuthentication || err.code === SdkErrorCode.ClientHttpForbidden);
}

export const streamableHttp: TransportDescriptor<'http'> = {
  kind: 'http',
  negotiation: 'auto',
  fallback: { kind: 'sse', name: 'legacy SSE', isFinal: isAuthFailure },
  drop: httpDrop,
  build: (entry, observers) => {
    const transport: StreamableHTTPClientTransport = new StreamableHTTPClientTransport(new URL(entry.url), httpOptionsOf(entry, observers, () => transport));
    return { transport, pid: () => undefined };
  },
  endpoint: entry => entry.url,
  identity: urlIdentityOf,
  credentials: entry => entry.headers
};
