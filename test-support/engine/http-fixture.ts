// Test support: an MCP server over Streamable HTTP on a port of its own, for what the reference server does
// not (yet) do. Behind it runs the real SDK handler with the McpServer the test builds. Either era:
// - `modern`: 2026-07-28 only. With `refuseWatch`, its `subscriptions/listen` acknowledgement leaves those URIs
//   out of the honoured filter, as a server may (spec, subscriptions: the acknowledged filter is the subset the
//   server agreed to honour); the SDK's own listen router honours every URI on a server that declares
//   `resources.subscribe`, so the listen request is answered here: the acknowledgement, then an open stream,
//   or, when nothing is honoured, the graceful end right after it (as the reference server's HTTP entry does).
// - `legacy`: 2025-11-25 only (served statelessly): `server/discover` is answered "method not found", so a
//   client probing the era falls back to `initialize`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { type McpServer, createMcpHandler } from '@modelcontextprotocol/server';

export interface HttpFixture {
  url: string;
  close(): Promise<void>;
}

export interface HttpFixtureOptions {
  era: 'modern' | 'legacy';
  /** modern: URIs left out of every listen acknowledgement. */
  refuseWatch?: string[];
}

interface Frame {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: { notifications?: { resourceSubscriptions?: string[] } };
}

const sse = (frames: unknown[]) => frames.map(f => `event: message\ndata: ${JSON.stringify(f)}\n\n`).join('');

export async function startHttpFixture(factory: () => McpServer, options: HttpFixtureOptions): Promise<HttpFixture> {
  const handler = createMcpHandler(factory, { legacy: options.era === 'legacy' ? 'stateless' : 'reject' });
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const listen = (request: Frame, signal: AbortSignal): Response => {
    const asked = request.params?.notifications?.resourceSubscriptions ?? [];
    const honoured = asked.filter(uri => !options.refuseWatch?.includes(uri));
    const ack = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': request.id }, notifications: honoured.length ? { resourceSubscriptions: honoured } : {} }
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!honoured.length) {
          const end = { jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': request.id } } };
          controller.enqueue(new TextEncoder().encode(sse([ack, end])));
          controller.close();
          return;
        }
        streams.add(controller);
        controller.enqueue(new TextEncoder().encode(sse([ack])));
        signal.addEventListener('abort', () => {
          streams.delete(controller);
          controller.close();
        });
      }
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  };
  const route = toNodeHandler({
    fetch: async (request: Request) => {
      if (request.method === 'POST') {
        const frame = (await request.clone().json()) as Frame;
        if (frame.method === 'server/discover' && options.era === 'legacy') {
          return Response.json({ jsonrpc: '2.0', id: frame.id, error: { code: -32601, message: 'Method not found' } });
        }
        if (frame.method === 'subscriptions/listen' && options.refuseWatch) return listen(frame, request.signal);
      }
      return handler.fetch(request);
    }
  });
  const http = createServer((req, res) => void route(req, res));
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      for (const controller of streams) controller.close();
      streams.clear();
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>(resolve => http.close(() => resolve()));
    }
  };
}
