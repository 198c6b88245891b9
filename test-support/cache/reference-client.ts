// A real SDK client of the reference server, over HTTP (a URL) or stdio (a command), connected the way the
// engine connects it: this cache's store, private partition, default TTL and MRTR guard. Requests are
// counted where the client transport sends them (the protocol log's tap). For tests of the cache module
// and its UI (under happy-dom, whose fetch applies browser CORS rules, use stdio).
import { Client, StreamableHTTPClientTransport, type ReadResourceResult } from '@modelcontextprotocol/client';
import type { CacheInfo, StdioServerConfig } from '../../shared/contract';
import type { CacheModule } from '../../electron/engine/cache/index';
import { tapTransport } from '../../electron/engine/protocol-log/tap';
import { stdioClientTransport } from '../reference-server/harness';

export interface ReferenceClient {
  client: Client;
  /** Requests sent so far: `resources/read <uri>` for reads, the method otherwise. */
  sent: string[];
  read(uri: string, mode?: 'use' | 'refresh'): Promise<{ value: ReadResourceResult; cache: CacheInfo }>;
}

export async function connectReference(cache: CacheModule, serverId: string, target: string | StdioServerConfig, era: 'modern' | 'legacy' = 'modern'): Promise<ReferenceClient> {
  const sent: string[] = [];
  const raw = typeof target === 'string' ? new StreamableHTTPClientTransport(new URL(target)) : stdioClientTransport(target, 'ignore');
  const transport = cache.port.guardTransport(
    tapTransport(raw, {
      listen: (direction, m) => {
        if (direction === 'out' && 'method' in m && 'id' in m) sent.push(m.method === 'resources/read' ? `${m.method} ${(m.params as { uri: string }).uri}` : m.method);
      }
    })
  );
  const client = new Client(
    { name: 'cache-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
      responseCacheStore: cache.port.storeFor(serverId),
      cachePartition: cache.port.partitionFor(serverId, ''),
      defaultCacheTtlMs: cache.port.defaultTtlMs
    }
  );
  await client.connect(transport);
  const read = (uri: string, mode: 'use' | 'refresh' = 'use') =>
    cache.port.track(serverId, 'resources/read', uri, mode, () => client.readResource({ uri }, { cacheMode: mode }));
  return { client, sent, read };
}
