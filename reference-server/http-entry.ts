// Serving over Streamable HTTP on one endpoint (/mcp) for both eras. 2026-07-28 requests go to the SDK's
// per-request handler; 2025-era requests go to sessionful transports (one server instance per session), because
// the SDK's stateless 2025 handling cannot deliver subscriptions or elicitation. Host and Origin headers are
// checked first (DNS rebinding protection). With --auth every MCP request needs a token (auth/auth-layer.ts), and
// the other paths serve the bundled authorization server.
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type AuthInfo } from '@modelcontextprotocol/server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReferenceApp } from './app';
import type { AuthLayer } from './auth/auth-layer';
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
  const toModern = async (request: Request, authInfo: AuthInfo | undefined) => {
    const listen = await listenRequestBody(request);
    return modern.fetch(request, { ...(listen ? { parsedBody: narrowListen(listen, app.registry) } : {}), ...(authInfo ? { authInfo } : {}) });
  };
  let auth: AuthLayer | undefined;
  const route = toNodeHandler({
    fetch: async (request: Request) => {
      let authInfo: AuthInfo | undefined;
      if (auth) {
        const verdict = await auth.authenticate(request);
        if (verdict instanceof Response) return verdict;
        authInfo = verdict;
      }
      if (options.era === 'legacy') return legacy.fetch(request, authInfo);
      if (options.era === 'modern') return toModern(request, authInfo);
      return (await isLegacyRequest(request)) ? legacy.fetch(request, authInfo) : toModern(request, authInfo);
    }
  }, { onerror });

  const hosts = allowedHostnames(options.host);
  const validHost = hostHeaderValidation(hosts);
  const validOrigin = originValidation(hosts);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!validHost(req, res) || !validOrigin(req, res)) {
      log(`refused a request with Host ${JSON.stringify(req.headers.host)} Origin ${JSON.stringify(req.headers.origin ?? null)}`);
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === MCP_PATH) {
      void route(req, res);
    } else if (auth) {
      auth.serve(req, res, path);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found. The MCP endpoint is ${MCP_PATH}\n`);
    }
  };
  const server: Server = createServer();

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
  // The issuer and the resource identifier contain the port, known only now; nobody has the URL yet to call.
  // Loaded only with --auth: the authorization server library is not small, and other runs never need it.
  if (options.auth) auth = (await import('./auth/auth-layer')).createAuthLayer(options.auth, url, options.host);
  server.on('request', handle);
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
