// Browser mode: one HTTP server on loopback serving the built renderer and, at /ws, the engine
// contract over a WebSocket. Every request passes the access checks in access.ts first. Methods only
// a browser can perform (opening links, saving files) are done by the page itself (renderer/api).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { EngineHost } from '../../shared/contract';
import { contentPartBytes, writeChunked } from '../host/content-file';
import { contentSecurityPolicy } from '../host/csp';
import { safeFileName } from '../../shared/file-names';
import { INDEX_FILE } from '../host/renderer-files';
import {
  allowedHosts,
  allowedOrigins,
  checkAccess,
  isLoopbackHost,
  newAccessToken,
  tokenCookieName,
  type AccessPolicy
} from './access';
import { HARD_FRAME_LIMIT_BYTES, attachSocketSession } from './socket-session';
import { sendPlain, serveRendererFile } from './static-files';

const SOCKET_PATH = '/ws';
/** `GET /content?serverId&uri&index&name`: one content part whole, as a download (the host's `content.save`). */
const CONTENT_PATH = '/content';

export interface BridgeOptions {
  host: EngineHost;
  /** 0 picks a free port. */
  port: number;
  /** Defaults to 127.0.0.1. Anything not loopback needs `unsafeExpose`. */
  bindHost?: string;
  unsafeExpose?: boolean;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** Unsent bytes on a page's socket above which events are coalesced (default HIGH_WATER_BYTES; tests lower it). */
  socketHighWaterBytes?: number;
}

export interface RunningBridge {
  /** The full URL to open, token included. */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export class UnsafeBindError extends Error {
  constructor(bindHost: string) {
    super(
      `Refusing to listen on "${bindHost}": browser mode serves your MCP servers' data and only binds to loopback. ` +
        'Pass --unsafe-expose to override (anyone who can reach that address and learns the token gets full access).'
    );
    this.name = 'UnsafeBindError';
  }
}

const statusText: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 421: 'Misdirected Request' };

function refuseUpgrade(socket: Socket, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${statusText[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`
  );
}

function urlHost(bindHost: string): string {
  if (bindHost === '0.0.0.0' || bindHost === '::') return '127.0.0.1';
  return bindHost.includes(':') ? `[${bindHost}]` : bindHost;
}

/**
 * Streams one content part from the engine to the browser as a download, so a big blob never crosses the
 * socket. Access was checked like any request (token cookie, Host, Origin).
 */
async function serveContent(host: EngineHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const query = new URL(req.url ?? '/', 'http://bridge.invalid').searchParams;
  const serverId = query.get('serverId');
  const uri = query.get('uri');
  const index = Number(query.get('index') ?? '0');
  if (!serverId || !uri || !Number.isInteger(index) || index < 0) return sendPlain(res, 400, 'serverId, uri and index are required');
  let bytes: Buffer;
  try {
    bytes = (await contentPartBytes(host, { serverId, uri, index })).bytes;
  } catch (err) {
    const error = (err as { error?: { code?: string; message?: string } }).error;
    return sendPlain(res, error?.code === 'not_found' || error?.code === 'unknown_server' ? 404 : 502, `${error?.code ?? 'internal'}: ${error?.message ?? String(err)}`);
  }
  const name = safeFileName(query.get('name') || 'content.bin');
  res.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(bytes.length),
    'Content-Disposition': `attachment; filename="${name.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff'
  });
  if (req.method === 'HEAD') return void res.end();
  await writeChunked(res, bytes);
  res.end();
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const bindHost = options.bindHost ?? '127.0.0.1';
  if (!isLoopbackHost(bindHost) && !options.unsafeExpose) throw new UnsafeBindError(bindHost);

  const token = newAccessToken();
  let policy: AccessPolicy | undefined;

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!policy) return sendPlain(res, 503, 'Starting');
    const verdict = checkAccess(policy, req, false);
    if (!verdict.ok) return sendPlain(res, verdict.status, verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendPlain(res, 405, 'Method not allowed');
    const { pathname } = new URL(req.url ?? '/', 'http://bridge.invalid');
    if (pathname === SOCKET_PATH) return sendPlain(res, 426, 'Use a WebSocket here');
    if (pathname === CONTENT_PATH) return void serveContent(options.host, req, res);
    if (!existsSync(path.join(options.rendererDir, INDEX_FILE))) {
      return sendPlain(res, 503, `The renderer is not built (${options.rendererDir}); run "npm run build"`);
    }
    const extraHeaders: Record<string, string> = verdict.tokenFromQuery
      ? { 'Set-Cookie': `${tokenCookieName(policy.port)}=${token}; HttpOnly; SameSite=Strict; Path=/` }
      : {};
    const csp = contentSecurityPolicy({ connect: [`ws://${req.headers.host}`] });
    serveRendererFile(res, pathname, req.method, { root: options.rendererDir, csp, extraHeaders }).catch(() => res.destroy());
  };

  const server = createServer(onRequest);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT_BYTES });

  server.on('upgrade', (req, socket: Socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!policy) return refuseUpgrade(socket, 403, 'Starting');
    const { pathname } = new URL(req.url ?? '/', 'http://bridge.invalid');
    if (pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'No socket here');
    const verdict = checkAccess(policy, req, true);
    if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.reason);
    sockets.handleUpgrade(req, socket, head, ws => attachSocketSession(ws, options.host, { highWaterBytes: options.socketHighWaterBytes }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hosts = allowedHosts(port, bindHost);
  policy = { token, port, hosts, origins: allowedOrigins(hosts) };

  return {
    url: `http://${urlHost(bindHost)}:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>(resolve => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  };
}
