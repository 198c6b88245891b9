// Who may talk to the browser-mode bridge: a request must name an allowed Host (DNS-rebinding
// defence), come from an allowed Origin when it has one (cross-site defence; mandatory on the
// socket, since browsers always send it there), and carry the per-launch token in the URL or in
// the cookie set when the page was first opened with it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** True for names and addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (LOOPBACK_NAMES.has(bare)) return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** `Host` header values accepted for a bridge listening on `port` (plus the bind address when it is exposed). */
export function allowedHosts(port: number, bindHost: string): Set<string> {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const unspecified = bindHost === '0.0.0.0' || bindHost === '::';
  if (!unspecified) hosts.add(`${isIP(bindHost) === 6 ? `[${bindHost}]` : bindHost}:${port}`.toLowerCase());
  return hosts;
}

export function allowedOrigins(hosts: Set<string>): Set<string> {
  return new Set([...hosts].map(h => `http://${h}`));
}

export function tokenCookieName(port: number): string {
  // Cookies are shared by every port of a host, so each bridge names its own.
  return `mcpb_token_${port}`;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AccessPolicy {
  token: string;
  port: number;
  hosts: Set<string>;
  origins: Set<string>;
}

export type AccessVerdict = { ok: true; tokenFromQuery: boolean } | { ok: false; status: 401 | 403 | 421; reason: string };

/** Checks one HTTP request or socket upgrade. `requireOrigin` is set for socket upgrades. */
export function checkAccess(
  policy: AccessPolicy,
  request: { url?: string; headers: IncomingHttpHeaders },
  requireOrigin: boolean
): AccessVerdict {
  const host = request.headers.host?.toLowerCase();
  if (!host || !policy.hosts.has(host)) return { ok: false, status: 421, reason: `Host "${host ?? ''}" is not allowed` };
  const origin = request.headers.origin;
  if (origin === undefined ? requireOrigin : !policy.origins.has(origin.toLowerCase())) {
    return { ok: false, status: 403, reason: `Origin "${origin ?? ''}" is not allowed` };
  }
  const url = new URL(request.url ?? '/', 'http://bridge.invalid');
  const queryToken = url.searchParams.get('token');
  if (sameToken(queryToken, policy.token)) return { ok: true, tokenFromQuery: true };
  if (sameToken(readCookie(request.headers.cookie, tokenCookieName(policy.port)), policy.token)) {
    return { ok: true, tokenFromQuery: false };
  }
  return { ok: false, status: 401, reason: queryToken ? 'Wrong access token' : 'Missing access token' };
}
