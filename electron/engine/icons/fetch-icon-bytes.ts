// Fetches one icon's bytes over https with the limits MCP 2026-07-28 asks icon consumers for: no
// credentials (the request carries no cookie, no Authorization and none of the server's configured
// headers: it is built here from scratch, never through the MCP transport), a byte limit enforced while
// the body streams in, one deadline for the whole fetch (counted from when this fetch starts: callers bound
// how many run at once, see OriginLimiter, so no time is spent queued for a socket), and only same-origin https redirects (each target
// goes through the same check as the icon's own URL, at most `maxRedirects` of them).
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { UrlRejection } from './icon-origin';
import { iconRefusal, type IconRefusal } from './icon-refusal';

export interface IconFetchLimits {
  /** Largest body accepted, in bytes; a longer one is refused as soon as it goes past. */
  maxBytes: number;
  /** Deadline for the whole fetch, redirects included (ms). */
  timeoutMs: number;
  /** Fetches run at once per origin (the caller's limiter) and the agent's sockets per host: equal, so none waits for a socket. */
  perOrigin: number;
  /** Same-origin redirects followed before refusing (0: none). */
  maxRedirects: number;
}

export interface IconTls {
  /** Trusted CA certificates (PEM). In Node `ca` replaces the default (Mozilla) list, it does not add to it:
   *  with it set, only these are trusted. Tests pass their self-signed one; the app leaves it unset. */
  ca?: string | Buffer | (string | Buffer)[];
  /** The agent requests go through, `ca` then unused (default: the fetcher's own, not shared with the MCP transports). */
  agent?: https.Agent;
}

type FetchedIcon = { ok: true; bytes: Buffer; contentType?: string } | { ok: false; refusal: IconRefusal };

/** Checks a redirect target: the same rule as the icon's own URL (https:, server's origin). */
type UrlCheck = (target: string) => URL | UrlRejection;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What the request sends: nothing that identifies the user or the app's session with the server. */
const REQUEST_HEADERS = { accept: 'image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/svg+xml;q=0.9', 'user-agent': 'mcp-resource-browser-icons' };

class Refused extends Error {
  constructor(readonly refusal: IconRefusal) {
    super(refusal.reason);
  }
}

function describeNetworkError(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

export class IconFetcher {
  private readonly agent: https.Agent;

  constructor(
    private readonly limits: IconFetchLimits,
    private readonly tls: IconTls = {}
  ) {
    // Few sockets per host: a page of icons must not open dozens of connections to one server.
    this.agent = tls.agent ?? new https.Agent({ keepAlive: true, maxSockets: limits.perOrigin, ...(tls.ca !== undefined && { ca: tls.ca }) });
  }

  async fetch(url: URL, checkRedirect: UrlCheck): Promise<FetchedIcon> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.limits.timeoutMs);
    try {
      let current = url;
      for (let redirects = 0; ; redirects++) {
        const response = await this.request(current, controller.signal);
        const location = REDIRECTS.has(response.statusCode ?? 0) ? response.headers.location : undefined;
        if (location === undefined) return await this.readBody(response, controller.signal);
        response.destroy();
        if (redirects >= this.limits.maxRedirects) {
          return { ok: false, refusal: iconRefusal('unsupported', `it redirects more than ${this.limits.maxRedirects} times`) };
        }
        const href = URL.canParse(location, current.href) ? new URL(location, current).href : location;
        const target = checkRedirect(href);
        if (!(target instanceof URL)) {
          return { ok: false, refusal: iconRefusal(target.code, `it redirects to ${href.slice(0, 200)}, which is refused: ${target.reason}`) };
        }
        current = target;
      }
    } catch (err) {
      if (err instanceof Refused) return { ok: false, refusal: err.refusal };
      if (controller.signal.aborted) return { ok: false, refusal: iconRefusal('timeout', `no complete answer within ${this.limits.timeoutMs} ms`, true) };
      return { ok: false, refusal: iconRefusal('transport', `the request failed: ${describeNetworkError(err)}`, true) };
    } finally {
      clearTimeout(timer);
    }
  }

  private request(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      // Host, path and port from the checked URL; credentials in a URL were refused by the check, and no
      // header is copied from anywhere: this is all the request says.
      const request = https.request(
        { protocol: 'https:', hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port || 443, path: `${url.pathname}${url.search}`, method: 'GET', headers: REQUEST_HEADERS, agent: this.agent, signal },
        resolve
      );
      request.on('error', reject);
      request.end();
    });
  }

  private readBody(response: IncomingMessage, signal: AbortSignal): Promise<FetchedIcon> {
    const status = response.statusCode ?? 0;
    if (status !== 200) {
      response.destroy();
      return Promise.resolve({ ok: false, refusal: iconRefusal('transport', `the server answered HTTP ${status}`, status >= 500 || status === 429) });
    }
    const declaredLength = Number(response.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > this.limits.maxBytes) {
      response.destroy();
      return Promise.resolve({ ok: false, refusal: this.tooLarge() });
    }
    const contentType = response.headers['content-type'];
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > this.limits.maxBytes) {
          // Settle first (destroying emits 'close' with the body incomplete), then stop reading: the rest is never downloaded.
          reject(new Refused(this.tooLarge()));
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ ok: true, bytes: Buffer.concat(chunks, received), ...(contentType !== undefined && { contentType }) }));
      response.on('error', reject);
      // An abort after the headers arrived (the deadline) or a dropped connection closes an incomplete body.
      response.on('close', () => {
        if (!response.complete) reject(signal.aborted ? signal.reason : new Error('The icon response was cut off'));
      });
    });
  }

  private tooLarge(): IconRefusal {
    return iconRefusal('too_large', `it is larger than ${Math.round(this.limits.maxBytes / 1024)} KB`);
  }

  close(): void {
    if (!this.tls.agent) this.agent.destroy();
  }
}
