// Sessionful 2025-era serving over HTTP: each `initialize` opens a session with its own server instance and
// its own Streamable HTTP transport. Sessions end on DELETE, on server shutdown, or after sitting idle (no request
// and no open response stream) for the idle limit: the SDK client does not send DELETE when it closes, so without
// expiry every reconnect would leave a server instance behind.
import { WebStandardStreamableHTTPServerTransport, type AuthInfo } from '@modelcontextprotocol/server';
import { randomUUID } from 'node:crypto';
import type { ReferenceApp } from './app';
import { log } from './log';
import { createReferenceServer } from './server-factory';
import { LEGACY_PROTOCOL_VERSIONS } from './stdio-entry';

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
  /** Responses whose body is still being streamed (the GET notification stream, SSE replies). */
  openStreams: number;
  /** With --auth: who opened it (user and client). Nobody else's token reaches it. */
  owner?: string;
}

const ownerOf = (auth: AuthInfo | undefined) => (auth ? JSON.stringify([auth.extra?.user, auth.clientId]) : undefined);

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), {
    status, headers: { 'content-type': 'application/json' }
  });
}

/** Passes `body` through, calling `onEnd` once when it finishes, fails or is cancelled by the client. */
function trackBody(body: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  const end = () => {
    if (!ended) {
      ended = true;
      onEnd();
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (e) {
        end();
        controller.error(e);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    }
  });
}

export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly app: ReferenceApp, private readonly idleMs: number) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(250, Math.min(60_000, idleMs / 2)));
    this.sweeper.unref();
  }

  /** `auth`: the request's verified token, with --auth (the session's handlers see it as ctx.http.authInfo). */
  async fetch(request: Request, auth?: AuthInfo): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      // Another user's session is as unknown as a closed one: its ID alone must not open it.
      if (!session || session.owner !== ownerOf(auth)) return jsonRpcError(404, -32001, 'Session not found');
      return this.tracked(session, await session.transport.handleRequest(request, auth ? { authInfo: auth } : undefined));
    }
    if (request.method !== 'POST') return jsonRpcError(400, -32000, 'Bad Request: no session (send initialize first)');
    return this.open(request, auth);
  }

  private async open(request: Request, auth: AuthInfo | undefined): Promise<Response> {
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: id => {
        const owner = ownerOf(auth);
        this.sessions.set(id, { transport, lastSeen: Date.now(), openStreams: 0, ...(owner ? { owner } : {}) });
        log(`2025-era HTTP session opened (${this.sessions.size} open)`);
      },
      onsessionclosed: id => {
        this.sessions.delete(id);
      }
    });
    const server = createReferenceServer(this.app, {
      era: 'legacy', pushesNotifications: true,
      ...(this.app.options.era === 'legacy' ? { protocolVersions: LEGACY_PROTOCOL_VERSIONS } : {})
    });
    const previous = server.server.onclose;
    server.server.onclose = () => {
      previous?.();
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, auth ? { authInfo: auth } : undefined);
    const session = transport.sessionId ? this.sessions.get(transport.sessionId) : undefined;
    // A request that did not open a session (not an initialize) leaves nothing behind.
    if (!session) {
      await server.close();
      return response;
    }
    return this.tracked(session, response);
  }

  private tracked(session: Session, response: Response): Response {
    session.lastSeen = Date.now();
    if (!response.body) return response;
    session.openStreams++;
    const body = trackBody(response.body, () => {
      session.openStreams--;
      session.lastSeen = Date.now();
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, s] of this.sessions) {
      if (s.openStreams === 0 && now - s.lastSeen > this.idleMs) {
        this.sessions.delete(id);
        void s.transport.close().catch(() => undefined);
        log(`2025-era HTTP session closed after ${Math.round((now - s.lastSeen) / 1000)} s idle (${this.sessions.size} open)`);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map(s => s.transport.close().catch(() => undefined)));
    this.sessions.clear();
  }
}
