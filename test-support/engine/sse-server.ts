// Test support: a legacy HTTP+SSE MCP server (the 2024-11-05 transport), which no current SDK ships.
// GET <path> opens the event stream and names a POST endpoint; POSTed JSON-RPC is answered on the
// stream. Behind it runs the real SDK McpServer, so only the transport is hand-made here.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';

class SseServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  constructor(private readonly stream: ServerResponse) {}
  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.stream.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }
  async close(): Promise<void> {
    this.stream.end();
    this.onclose?.();
  }
}

export interface SseFixture {
  url: string;
  close(): Promise<void>;
}

export async function startSseFixture(resourceCount = 3): Promise<SseFixture> {
  const sessions = new Map<string, SseServerTransport>();
  let next = 0;
  const http = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const id = String(++next);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(`event: endpoint\ndata: /messages?sessionId=${id}\n\n`);
      const transport = new SseServerTransport(res);
      sessions.set(id, transport);
      const server = new McpServer({ name: 'sse-fixture', version: '1.0.0' }, { capabilities: { resources: {} } });
      for (let i = 0; i < resourceCount; i++) {
        server.registerResource(`item${i}`, `sse://item/${i}`, { mimeType: 'text/plain' }, async uri => ({ contents: [{ uri: uri.href, text: `item ${i}` }] }));
      }
      req.on('close', () => {
        sessions.delete(id);
        void server.close();
      });
      await server.connect(transport);
      return;
    }
    const transport = req.method === 'POST' && url.pathname === '/messages' ? sessions.get(url.searchParams.get('sessionId') ?? '') : undefined;
    if (!transport) {
      res.writeHead(req.method === 'POST' && url.pathname === '/sse' ? 405 : 404).end();
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    res.writeHead(202).end('Accepted');
    transport.onmessage?.(JSON.parse(body) as JSONRPCMessage);
  });
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sse`,
    close: () =>
      new Promise<void>(resolve => {
        http.closeAllConnections();
        http.close(() => resolve());
      })
  };
}
