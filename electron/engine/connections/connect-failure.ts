// Why a server could not be reached, in words a person acts on, put before the technical message (which stays, on
// the lines after it). The common first-day failures of an MCP setup: a command that is not installed or not on the
// PATH the app sees, nothing listening at a URL, a host name that does not resolve, a certificate not trusted; and
// a remote server's: a proxy in front of it that cannot reach it, a wrong path, a web page where the endpoint should be.
import { ProtocolError, SdkHttpError } from '@modelcontextprotocol/client';
import type { AppError, ServerConfigEntry } from '../../../shared/contract';
import { AppErrorException } from '../errors';

/** Node and undici failures this module puts in words; TLS ones are told by their own codes (below). */
const KNOWN_ERRNOS = ['ENOENT', 'EACCES', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'] as const;
type KnownErrno = (typeof KNOWN_ERRNOS)[number];

/** OpenSSL's and Node's codes for a certificate the connection would not trust. */
const TLS_CODE = /^(?:CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(?:VERIFY|GET)_|ERR_TLS_CERT_ALTNAME_INVALID$)/;

const ERRNO_IN_TEXT = new RegExp(`\\b(${KNOWN_ERRNOS.join('|')})\\b`);

/** undici's word for a port the Fetch standard blocks (6000, 6665–6669, 9, …): it never tries to connect. */
const BAD_PORT = 'BAD_PORT';

/**
 * The errors `err` is made of, depth first: itself, its causes, and both attempts of a transport fallback (an
 * AggregateError). A server's own words (a JSON-RPC error) end a branch: "ENOENT: config.yaml" from a running
 * server is no missing command.
 */
function failureTree(err: unknown, depth = 0): Error[] {
  if (!(err instanceof Error) || depth > 6 || err instanceof ProtocolError) return [];
  const branches = err instanceof AggregateError ? (err.errors as unknown[]) : [];
  return [err, ...failureTree(err.cause, depth + 1), ...branches.flatMap(branch => failureTree(branch, depth + 1))];
}

/**
 * The failure code `err` carries: a blocked port first (nothing else can work), then a code of the tree, then one
 * named in the transport's own messages (the SDK keeps a cause's text but not always the cause: "SSE error: connect
 * ECONNREFUSED 127.0.0.1:9"). A message that only words others (AppErrorException) is not read.
 */
function failureCode(err: unknown): string | undefined {
  const tree = failureTree(err);
  if (tree.some(e => e.message === 'bad port')) return BAD_PORT;
  for (const e of tree) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && ((KNOWN_ERRNOS as readonly string[]).includes(code) || TLS_CODE.test(code))) return code;
  }
  for (const e of tree) {
    if (e instanceof AppErrorException) continue;
    const found = ERRNO_IN_TEXT.exec(e.message);
    if (found) return found[1];
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function stdioSummary(errno: string, command: string): string | undefined {
  if (errno === 'ENOENT') {
    return `Command not found: "${command}". Install it, or give its full path in the config (an app started from the desktop may not see your shell's PATH).`;
  }
  if (errno === 'EACCES') return `Not allowed to run "${command}": it is not executable, or a folder on the way is not readable.`;
  return undefined;
}

const HTTP_SUMMARY: Partial<Record<KnownErrno, (host: string) => string>> = {
  ECONNREFUSED: host => `Nothing is listening at ${host} (connection refused): is the server running, on that port?`,
  ENOTFOUND: host => `The host of ${host} was not found: check the URL (or your network's DNS).`,
  EAI_AGAIN: host => `The host of ${host} could not be looked up just now (DNS did not answer): check your network.`,
  ETIMEDOUT: host => `${host} did not answer in time: check the URL, your network or a firewall.`,
  EHOSTUNREACH: host => `${host} cannot be reached from here: check your network or VPN.`,
  ENETUNREACH: host => `${host} cannot be reached from here: check your network or VPN.`,
  ECONNRESET: host => `${host} closed the connection as it opened: is it an MCP server, and does it speak plain HTTP or HTTPS as the URL says?`
};

/**
 * HTTP statuses an MCP endpoint answered with, in words: what each says about where the fault is. The status's
 * name is ours, not the server's reason phrase. 401 and 403 are sign-in's (auth/).
 */
const HTTP_STATUS_SUMMARY: Partial<Record<number, (url: string, host: string) => string>> = {
  404: url => `Nothing at ${url} answers MCP (HTTP 404 Not Found): check the URL's path (servers often serve MCP at /mcp).`,
  405: url => `${url} does not take MCP requests (HTTP 405 Method Not Allowed): check the URL's path.`,
  500: (_, host) => `The server at ${host} failed (HTTP 500 Internal Server Error): its own logs say why.`,
  502: (_, host) => `${host} answered HTTP 502 Bad Gateway: a proxy in front of the MCP server got no answer from it. Is the server behind the proxy running?`,
  503: (_, host) => `${host} answered HTTP 503 Service Unavailable: the server is down or overloaded for now. Try again later.`,
  504: (_, host) => `${host} answered HTTP 504 Gateway Timeout: a proxy in front of the MCP server gave up waiting for it.`
};

/**
 * The SDK's word for a reply with an HTML content type (its own message, "Unexpected content type: text/html"): a web
 * page at the URL, a site, a login page or a proxy's, not an MCP endpoint.
 */
const WEB_PAGE_REPLY = /Unexpected content type: text\/html/;

/** The words for an HTTP answer that is not MCP, from the status the SDK read, or its words for an HTML reply. */
function httpReplySummary(tree: readonly Error[], url: string, host: string): string | undefined {
  for (const e of tree) {
    // A fallback's error carries the status as a numeric code (the legacy SSE transport's).
    const status = e instanceof SdkHttpError ? e.status : (e as { code?: unknown }).code;
    const summary = typeof status === 'number' ? HTTP_STATUS_SUMMARY[status] : undefined;
    if (summary) return summary(url, host);
  }
  // Not from an HTTP error's message: that one quotes the server's body, and a server's words are not read.
  if (tree.some(e => !(e instanceof SdkHttpError) && WEB_PAGE_REPLY.test(e.message))) {
    return `${url} answered with a web page (text/html), not MCP: check that the URL is the server's MCP endpoint.`;
  }
  return undefined;
}

/** The words for `err` on `entry`'s transport, or undefined when it is not one of the failures above. */
export function connectFailureSummary(err: unknown, entry: ServerConfigEntry): string | undefined {
  const code = failureCode(err);
  if ('command' in entry) return code ? stdioSummary(code, entry.command) : undefined;
  const host = hostOf(entry.url);
  if (!code) return httpReplySummary(failureTree(err), entry.url, host);
  if (code === BAD_PORT) return `${host} uses a port that fetch refuses to connect to (one the Fetch standard blocks, as it does 6000 and 6665–6669): serve the MCP server on another port.`;
  if (TLS_CODE.test(code)) return `The TLS certificate of ${host} is not trusted (${code}): check the URL, or add the certificate's authority to the system's trusted ones.`;
  return HTTP_SUMMARY[code as KnownErrno]?.(host);
}

/** A connection that opened but got no answer to the handshake in time: "Request timed out" says none of this. */
function noAnswerSummary(entry: ServerConfigEntry): string {
  if ('command' in entry) {
    return `"${entry.command}" started but did not answer the MCP handshake in time: does it speak MCP over stdio (some servers start in another mode unless given a flag such as --stdio), and is it not waiting for input of its own? A first run of npx or uvx may still be downloading it: connect again.`;
  }
  return `${hostOf(entry.url)} accepted the connection but did not answer in time: is it an MCP server, and is it running and not stuck?`;
}

/** `error` with the summary of `err` (if any) as its first line; its own message follows, as it was. */
export function withConnectFailureSummary(error: AppError, err: unknown, entry: ServerConfigEntry): AppError {
  const summary = connectFailureSummary(err, entry) ?? (error.code === 'timeout' ? noAnswerSummary(entry) : undefined);
  return summary && !error.message.startsWith(summary) ? { ...error, message: `${summary}\n${error.message}` } : error;
}
