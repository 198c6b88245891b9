// Serving over Streamable HTTP on one endpoint (/mcp) for both eras. 2026-07-28 requests go to the SDK's
// per-request handler; 2025-era requests go to sessionful transports (one server instance per session), because
// the SDK's stateless 2025 handling cannot deliver subscriptions or elicitation. Host and Origin headers are
// checked first (DNS rebinding protection).
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReferenceApp } from './app';
import { log } from './log';
import { LegacySessions } from './legacy-sessions';
import { createReferenceServer } from './server-factory';
import { listenRequestBody, narrowListen } from './watch-filter';

const MCP_PATH = '/mcp';

export interface HttpServing {
  url: string;
  close(): Promise<void>;
}

function allowedHostnames(host: string): string[] {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
  if (!wildcard && !names.includes(host)) names.push(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return names;
}

export async function serveOverHttp(app: ReferenceApp): Promise<HttpServing> {
  const { options, live } = app;
  const onerror = (e: Error) => log(`http error: ${e.message}`);
  const modern = createMcpHandler(ctx => createReferenceServer(app, { era: ctx.era, pushesNotifications: false }), { legacy: 'reject', onerror });
  const legacy = new LegacySessions(app, options.legacySessionIdleSeconds * 1000);
  // Modern clients hear about changes through subscriptions/listen streams, fed from the live resources.
  const unsubscribe = live.subscribe(event => {
    if (event.type === 'listChanged') modern.notify.resourcesChanged();
    else modern.notify.resourceUpdated(event.uri);
  });

  // A listen request reaches the SDK with only the URIs this server serves (watch-filter.ts).
  const toModern = async (request: Request) => {
    const listen = await listenRequestBody(request);
    return modern.fetch(request, listen ? { parsedBody: narrowListen(listen, app.registry) } : undefined);
  };
  const route = toNodeHandler({
    fetch: async (request: Request) => {
      if (options.era === 'legacy') return legacy.fetch(request);
      if (options.era === 'modern') return toModern(request);
      return (await isLegacyRequest(request)) ? legacy.fetch(request) : toModern(request);
    }
  }, { onerror });

  const hosts = allowedHostnames(options.host);
  const validHost = hostHeaderValidation(hosts);
  const validOrigin = originValidation(hosts);
  const server: Server = createServer((req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) {
      log(`refused a request with Host ${JSON.stringify(req.headers.host)} Origin ${JSON.stringify(req.headers.origin ?? null)}`);
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found. The MCP endpoint is ${MCP_PATH}\n`);
      return;
    }
    void route(req, res);
  });

  // Node's 5 s default closes an idle connection just as a busy client may send its next request on it
  // ("other side closed"); clients drop idle connections well before a minute. Headers must time out later.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostInUrl = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const url = `http://${hostInUrl}:${port}${MCP_PATH}`;
  log(`listening on ${url} (era: ${options.era}, ${app.registry.resourceCount} resources, page size ${options.pageSize}, ready ${Math.round(performance.now())} ms after start, ${Math.round(process.cpuUsage().user / 1000)} ms CPU)`);

  return {
    url,
    async close() {
      unsubscribe();
      await legacy.close();
      await modern.close();
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  };
}
