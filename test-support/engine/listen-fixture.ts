// Test support: a 2026-07-28 server over Streamable HTTP on a port of its own (the real SDK handler behind it)
// whose `subscriptions/listen` acknowledgement honours only some of the URIs asked for, as a server may (spec,
// subscriptions: the acknowledged filter is the subset the server agreed to honour). The SDK's own listen
// router honours every URI on a server that declares `resources.subscribe`, and so does the reference server
// today, so the listen request is answered here: the acknowledgement, then an open stream.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

export interface ListenFixture {
  url: string;
  close(): Promise<void>;
}

interface ListenRequest {
  id?: string | number;
  method?: string;
  params?: { notifications?: { resourceSubscriptions?: string[] } };
}

/** Serves `uris` (readable, watchable) and leaves the ones in `refused` out of every acknowledged filter. */
export async function startListenFixture(uris: string[], refused: string[]): Promise<ListenFixture> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'listen-fixture', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });
      for (const uri of uris) server.registerResource(uri, uri, { mimeType: 'text/plain' }, async u => ({ contents: [{ uri: u.href, text: u.href }] }));
      return server;
    },
    { legacy: 'reject' }
  );
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const listen = (request: ListenRequest, signal: AbortSignal): Response => {
    const asked = request.params?.notifications?.resourceSubscriptions ?? [];
    const honoured = asked.filter(uri => !refused.includes(uri));
    const ack = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': request.id }, notifications: honoured.length ? { resourceSubscriptions: honoured } : {} }
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.add(controller);
        controller.enqueue(new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(ack)}\n\n`));
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
        const frame = (await request.clone().json()) as ListenRequest;
        if (frame.method === 'subscriptions/listen') return listen(frame, request.signal);
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
