// An in-process MCP server (the real SDK server, reached through the real SDK client over Streamable
// HTTP without a socket) for the cache tests: resources with varied TTLs and scopes, one that changes on
// every read, an MRTR resource, and a paginated list with per-page TTLs. Every request that reaches it
// is counted, which is what "sent on the wire" means in these tests.
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, acceptedContent, createMcpHandler, inputRequired } from '@modelcontextprotocol/server';
import type { InputRequiredResult, ReadResourceResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { CachePort } from '../../ports';

export interface FixtureState {
  /** Requests received, by method (`resources/read` also by uri). */
  requests: string[];
  /** When set, every request fails at the transport (server down). */
  down: boolean;
  reads: number;
}

const Pass = z.object({ passphrase: z.string() });
/** Pages of `resources/list`: 3 pages, page TTLs differ (spec: pagination). */
const PAGES = [
  { items: ['a', 'b'], ttlMs: 60_000 },
  { items: ['c', 'd'], ttlMs: 60_000 },
  { items: ['e'], ttlMs: 150 }
];

export interface ConnectOptions {
  credentialId?: string;
  endpoint?: string;
  /** false: leave the MRTR guard off (to show what the SDK alone does). */
  guard?: boolean;
  /** Connect with the 2025 handshake (results carry no cache hints). */
  legacy?: boolean;
}

export function createFixture(options: { shortTtlMs?: number } = {}) {
  const state: FixtureState = { requests: [], down: false, reads: 0 };
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'cache-fixture', version: '1.0.0' }, { capabilities: { resources: { listChanged: true, subscribe: true } } });
    const text = (uri: URL, body: string) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: body }] });
    server.registerResource('long', 'fixture://public-long', { cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async uri => text(uri, 'long'));
    server.registerResource('short', 'fixture://short', { cacheHint: { ttlMs: options.shortTtlMs ?? 150, cacheScope: 'public' } }, async uri => text(uri, `short ${++state.reads}`));
    server.registerResource('private', 'fixture://private', { cacheHint: { ttlMs: 60_000, cacheScope: 'private' } }, async uri => text(uri, 'mine'));
    server.registerResource('zero', 'fixture://zero', { cacheHint: { ttlMs: 0, cacheScope: 'public' } }, async uri => text(uri, 'zero'));
    server.registerResource('changing', 'fixture://changing', { cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async uri => text(uri, `read ${++state.reads}`));
    server.registerResource('big', 'fixture://big', { cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async uri => ({
      contents: [{ uri: uri.href, mimeType: 'application/octet-stream', blob: Buffer.alloc(48 * 1024, 7).toString('base64') }]
    }));
    server.registerResource('vault', 'fixture://vault', { cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async (uri, ctx): Promise<ReadResourceResult | InputRequiredResult> => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'pass', Pass);
      if (!answer) return inputRequired({ inputRequests: { pass: inputRequired.elicit({ message: 'Passphrase?', requestedSchema: Pass }) } });
      return text(uri, `unlocked ${++state.reads}`);
    });
    server.server.setRequestHandler('resources/list', async req => {
      const cursor = req.params?.cursor;
      const index = cursor === undefined ? 0 : Number(cursor.replace('page-', ''));
      const page = PAGES[index];
      if (!page) throw new ProtocolError(-32602, `Invalid cursor ${cursor}`);
      return {
        resources: page.items.map(name => ({ uri: `fixture://list/${name}`, name })),
        ...(index + 1 < PAGES.length && { nextCursor: `page-${index + 1}` }),
        ttlMs: page.ttlMs,
        cacheScope: 'public' as const
      };
    });
    return server;
  });

  /** The server's HTTP entry point, counting every JSON-RPC request it receives. */
  const serve = async (request: Request): Promise<Response> => {
    if (state.down) throw new TypeError('fetch failed');
    if (request.method === 'POST') {
      try {
        const frame = (await request.clone().json()) as { method?: string; id?: unknown; params?: { uri?: string } };
        if (frame.id !== undefined && frame.method) state.requests.push(frame.params?.uri ? `${frame.method} ${frame.params.uri}` : frame.method);
      } catch {
        // Not JSON: the server answers it with an error itself.
      }
    }
    return handler.fetch(request);
  };
  const fetch = (url: string | URL, init?: RequestInit): Promise<Response> => serve(new Request(url, init));

  /** A client connected to the fixture the way the engine connects (store, partition, MRTR guard). */
  async function connect(cache: CachePort, serverId: string, options: ConnectOptions = {}): Promise<Client> {
    const client = new Client(
      { name: 'cache-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: options.legacy ? 'legacy' : { pin: '2026-07-28' } },
        responseCacheStore: cache.storeFor(serverId, options.endpoint),
        cachePartition: cache.partitionFor(serverId, options.credentialId ?? ''),
        defaultCacheTtlMs: cache.defaultTtlMs
      }
    );
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { passphrase: 'open sesame' } }));
    const transport = new StreamableHTTPClientTransport(new URL('http://fixture.invalid/mcp'), { fetch });
    await client.connect(options.guard === false ? transport : cache.guardTransport(transport));
    return client;
  }

  /** Requests seen since `mark` (an index into `state.requests`). */
  const since = (mark: number) => state.requests.slice(mark);
  return { state, handler, serve, connect, since };
}
