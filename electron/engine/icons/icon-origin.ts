// Where a server's icons may come from (MCP 2026-07-28, icons): https: only, and the same origin as the
// server, so an icon request reaches no host the user did not configure and tells no third party what is
// being browsed. An HTTP/SSE server's origin is that of its configured URL; a stdio server has none, so
// its remote icons are refused (its data: icons are shown by the page itself).
import type { AppErrorCode, ServerConfigEntry } from '../../../shared/contract';

/** Why a URL may not be fetched; the caller words the refusal (the icon's own URL, or a redirect's). */
export interface UrlRejection {
  code: AppErrorCode;
  reason: string;
}

export type IconOrigin = { kind: 'origin'; origin: string } | { kind: 'none'; why: string };

export function iconOriginOf(entry: ServerConfigEntry): IconOrigin {
  if (!('url' in entry)) return { kind: 'none', why: 'a stdio server has no web origin, so its https: icons are not fetched' };
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return { kind: 'none', why: "the server's configured URL does not parse" };
  }
  // An icon must be https:, so nothing is on the origin of a server reached over plain http:.
  if (url.protocol !== 'https:') return { kind: 'none', why: `the server is reached over ${url.protocol} and icons are fetched only over https: from the server's own origin` };
  return { kind: 'origin', origin: url.origin };
}

const rejection = (code: AppErrorCode, reason: string): UrlRejection => ({ code, reason });

/**
 * The URL to fetch, or why not. Used for the icon's src and for every redirect target: a redirect to
 * another scheme or origin is refused like an icon that named it. A URL with a user name or password is
 * refused too: the request would carry them as credentials.
 */
export function checkIconUrl(src: string, origin: IconOrigin): URL | UrlRejection {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return rejection('invalid_params', 'its URL does not parse');
  }
  if (url.protocol !== 'https:') return rejection('unsupported', `only https: icons are fetched (this one is ${url.protocol.slice(0, 20)})`);
  if (origin.kind === 'none') return rejection('unsupported', origin.why);
  if (url.origin !== origin.origin) {
    return rejection('unsupported', `it is on ${url.origin.slice(0, 200)}, not on the server's origin ${origin.origin}`);
  }
  if (url.username || url.password) return rejection('unsupported', 'its URL carries credentials');
  return url;
}
