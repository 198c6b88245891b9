// A counting HTTP proxy for the cache tests: the engine talks to the reference server through it, over
// real sockets, and every JSON-RPC request that crosses it is recorded with the credential that sent it.
// That is what "sent on the wire" means in these tests, counted outside the engine (not by its own tap).
// The upstream can be switched (a restarted server behind the same endpoint); when the upstream is gone
// the client's connection is reset, as a dead server's would be.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface WireRequest {
  method: string;
  /** `params.uri` of a read, `params.cursor` of a list page, '' otherwise. */
  key: string;
  authorization: string;
  /** The request carried `inputResponses` or `requestState` (an MRTR retry). */
  retry: boolean;
}

export interface WireProxy {
  url: string;
  requests: WireRequest[];
  /** Requests since `mark` (an index into `requests`), as `method key` strings. */
  since(mark: number): string[];
  setUpstream(url: string): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function recordFrames(body: Buffer, authorization: string, into: WireRequest[]): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return;
  }
  for (const frame of Array.isArray(parsed) ? parsed : [parsed]) {
    const f = frame as { method?: unknown; id?: unknown; params?: Record<string, unknown> };
    if (typeof f.method !== 'string' || f.id === undefined) continue; // notifications and responses are not requests
    const p = f.params ?? {};
    const key = typeof p.uri === 'string' ? p.uri : typeof p.cursor === 'string' ? p.cursor : '';
    into.push({ method: f.method, key, authorization, retry: p.inputResponses !== undefined || p.requestState !== undefined });
  }
}

export async function startWireProxy(upstreamUrl: string): Promise<WireProxy> {
  let upstream = new URL(upstreamUrl);
  const requests: WireRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'POST') recordFrames(body, req.headers.authorization ?? '', requests);
    const headers = { ...req.headers, host: upstream.host };
    const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: upstream.pathname, method: req.method, headers }, upstreamRes => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res); // streams SSE (listen streams) as they come
    });
    // Upstream gone: reset the client's connection, as the dead server's own socket would be.
    out.on('error', () => req.socket.destroy());
    req.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    out.end(body);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    since: mark => requests.slice(mark).map(r => (r.key ? `${r.method} ${r.key}` : r.method)),
    setUpstream: url => {
      upstream = new URL(url);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  };
}
