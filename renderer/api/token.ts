// Browser mode: the per-launch token travels in the page URL printed on the bridge's `Open:` line,
// as `?token=` (which the server needs for the first page load) or `#token=`.
export function readTokenFromUrl(href: string): string | null {
  const url = new URL(href);
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const hash = url.hash.startsWith('#') ? url.hash.slice(1) : url.hash;
  const fromHash = new URLSearchParams(hash).get('token');
  return fromHash || null;
}

/** The socket URL on the same origin as the page, carrying the token. */
export function socketUrlFor(href: string, token: string | null): string {
  const page = new URL(href);
  const socket = new URL('/ws', page);
  socket.protocol = page.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) socket.searchParams.set('token', token);
  return socket.toString();
}
