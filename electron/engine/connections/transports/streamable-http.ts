// Streamable HTTP, falling back to legacy HTTP+SSE when it fails (except on 401/403, which SSE would
// get too). A 403 `insufficient_scope` is thrown, not re-authorized by the SDK: stepping up opens a browser,
// which only the user (or the CLI) may ask for (docs/auth.md).
import { SdkError, SdkErrorCode, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { appErrorFrom } from '../../errors';
import type { TransportDescriptor } from './descriptor';
import { httpDrop, httpOptionsOf, urlIdentityOf } from './http-entry';

function isAuthFailure(err: unknown): boolean {
  if (err instanceof SdkError && err.code === SdkErrorCode.ClientHttpForbidden) return true;
  return appErrorFrom(err).code === 'unauthorized';
}

export const streamableHttp: TransportDescriptor<'http'> = {
  kind: 'http',
  negotiation: 'auto',
  fallback: { kind: 'sse', name: 'legacy SSE', isFinal: isAuthFailure },
  drop: httpDrop,
  build: (entry, observers) => {
    let sent = () => undefined as void;
    const eventStreamAsked = new Promise<void>(resolve => (sent = resolve));
    const transport: StreamableHTTPClientTransport = new StreamableHTTPClientTransport(new URL(entry.url), {
      ...httpOptionsOf(entry, observers, () => transport, () => sent()),
      onInsufficientScope: 'throw'
    });
    return { transport, pid: () => undefined, eventStreamAsked };
  },
  endpoint: entry => entry.url,
  identity: urlIdentityOf,
  credentials: entry => entry.headers
};
