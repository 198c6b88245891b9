// Resources that fail on purpose: one listed but gone (-32602 with data.uri, like any unknown URI), one that
// fails inside the server (-32603), and one that is slow enough to exercise client timeouts and cancellation.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import { CACHE, textResult, type ResourceEntry } from './entry';

export function failureEntries(slowMs: number): ResourceEntry[] {
  return [
    {
      meta: {
        uri: 'ref://errors/missing', name: 'missing', title: 'Listed but missing', mimeType: 'text/plain',
        description: 'Appears in the listing, but reading it answers -32602 (resource not found)'
      },
      cache: CACHE.noStore,
      missing: true,
      read: uri => {
        throw new ResourceNotFoundError(uri);
      }
    },
    {
      meta: {
        uri: 'ref://errors/failing', name: 'failing', title: 'Always fails', mimeType: 'text/plain',
        description: 'Reading it answers -32603 (internal error)'
      },
      cache: CACHE.noStore,
      read: () => {
        throw new ProtocolError(ProtocolErrorCode.InternalError, 'The reference server failed to produce this resource (on purpose)');
      }
    },
    {
      meta: {
        uri: 'ref://errors/slow', name: 'slow', title: `Slow (${slowMs} ms)`, mimeType: 'text/plain',
        description: `Answers after ${slowMs} ms; a cancelled read stops waiting at once`
      },
      cache: CACHE.noStore,
      read: async (uri, ctx) => {
        await delay(slowMs, ctx.mcpReq.signal);
        return textResult(uri, 'text/plain', `Finally here after ${slowMs} ms.`);
      }
    }
  ];
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
