// An in-process MCP server (the real SDK server, reached through the real SDK client over Streamable HTTP
// without a socket) for the few cache situations the reference server cannot produce (see
// fixture-only.test.ts): an input-required resource whose final answer is marked cacheable, a paginated
// list whose pages carry different TTLs, and a resource whose next answer the test picks (a cacheable body,
// `ttlMs: 0`, or a given error). It serves both eras (2025 requests statelessly). Every request that
// reaches it is counted.
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, ResourceNotFoundError, acceptedContent, createMcpHandler, inputRequired } from '@modelcontextprotocol/server';
import type { InputRequiredResult, ReadResourceResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { CachePort } from '../../electron/engine/ports';

const Pass = z.object({ passphrase: z.string() });
/** Pages of `resources/list`: 3 pages, page TTLs differ (spec: pagination). */
const PAGES = [
  { items: ['a', 'b'], ttlMs: 60_000 },
  { items: ['c', 'd'], ttlMs: 60_000 },
  { items: ['e'], ttlMs: 150 }
];

/** What `fixture://flaky` answers next: a new body (public, cacheable for a minute unless `ttlMs` says
 * otherwise), or one of the failures a server can answer with. */
type FlakyAnswer =
  | { kind: 'body'; ttlMs?: number }
  | { kind: 'internal' }
  | { kind: 'not-found' }
  /** -32602 with `{ uri, reason }`: a refusal, not "not found" (the reference server's sandbox answers so). */
  | { kind: 'refused' };

export const FLAKY = 'fixture://flaky';

export function createFixture() {
  /** Requests received: the method, and for reads the uri. */
  const requests: string[] = [];
  let unlocks = 0;
  let versions = 0;
  /** Set by the test: how the next reads of FLAKY are answered. */
  const flaky: { next: FlakyAnswer } = { next: { kind: 'body' } };
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'cache-fixture', version: '1.0.0' }, { capabilities: { resources: {} } });
    server.registerResource('flaky', FLAKY, { cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async uri => {
      const answer = flaky.next;
      if (answer.kind === 'internal') throw new ProtocolError(-32603, 'The fixture failed on purpose');
      if (answer.kind === 'not-found') throw new ResourceNotFoundError(uri.href);
      if (answer.kind === 'refused') throw new ProtocolError(-32602, 'Refused: path traversal outside the sandbox', { uri: uri.href, reason: 'path-traversal' });
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `version ${++versions}` }], ...(answer.ttlMs !== undefined && { ttlMs: answer.ttlMs }) };
    });
    server.registerResource('vault', 'fixture://vault', { cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async (uri, ctx): Promise<ReadResourceResult | InputRequiredResult> => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'pass', Pass);
      if (!answer) return inputRequired({ inputRequests: { pass: inputRequired.elicit({ message: 'Passphrase?', requestedSchema: Pass }) } });
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `unlocked ${++unlocks}` }] };
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

  const fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(url, init);
    if (request.method === 'POST') {
      try {
        const frame = (await request.clone().json()) as { method?: string; id?: unknown; params?: { uri?: string } };
        if (frame.id !== undefined && frame.method) requests.push(frame.params?.uri ? `${frame.method} ${frame.params.uri}` : frame.method);
      } catch {
        // Not JSON: the server answers it with an error itself.
      }
    }
    return handler.fetch(request);
  };

  /**
   * A client connected the way the engine connects (store, partition, default TTL, MRTR guard unless
   * `guard: false`), on the 2026 era unless `era` says otherwise.
   */
  async function connect(cache: CachePort, serverId: string, options: { guard?: boolean; era?: 'modern' | 'legacy' } = {}): Promise<Client> {
    const client = new Client(
      { name: 'cache-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: options.era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } },
        responseCacheStore: cache.storeFor(serverId),
        cachePartition: cache.partitionFor(serverId, ''),
        defaultCacheTtlMs: cache.defaultTtlMs
      }
    );
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { passphrase: 'open sesame' } }));
    const transport = new StreamableHTTPClientTransport(new URL('http://fixture.invalid/mcp'), { fetch });
    await client.connect(options.guard === false ? transport : cache.guardTransport(transport));
    return client;
  }

  /** Requests seen since `mark` (an index into `requests`). */
  const since = (mark: number) => requests.slice(mark);
  return { requests, connect, since, flaky };
}
