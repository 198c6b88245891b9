// Finding a server's card by what the card shows: its name in the config, the name and title it reports, and its
// command line or URL. With fifty cards the one wanted is otherwise a scroll away.
import type { ServerState } from '../../../shared/contract';

/** Whether every whitespace-separated term of `query` is in the server's name, reported name or title, or endpoint (any case). */
export function serverMatches(server: ServerState, query: string): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const text = [server.id, server.serverInfo?.name, server.serverInfo?.title, server.endpoint].filter(Boolean).join('\n').toLowerCase();
  return terms.every(term => text.includes(term));
}
