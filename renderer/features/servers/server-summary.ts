// A fleet's health at a glance: how many servers are connected, starting, failing, stopped or disabled. With
// fifty cards, the one that failed is otherwise a scroll away.
import type { ServerState } from '../../../shared/contract';
import { serverMatches } from './server-find';

export const SUMMARY_GROUPS = ['connected', 'starting', 'failing', 'stopped', 'disabled'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

/** Below this many servers the cards themselves are the summary, and none is shown. */
export const SUMMARY_FROM = 5;

/** The group a server's card belongs to: a disabled server is disabled whatever its status. */
export function summaryGroupOf(server: ServerState): SummaryGroup {
  if (server.disabled) return 'disabled';
  switch (server.status) {
    case 'connected':
      return 'connected';
    case 'connecting':
      return 'starting';
    case 'error':
    case 'reconnecting':
      return 'failing';
    case 'disconnected':
      return server.startQueued ? 'starting' : 'stopped';
  }
}

/** How many servers are in each group, every group present (zero when none). */
export function serverSummary(servers: readonly ServerState[]): Record<SummaryGroup, number> {
  const counts = Object.fromEntries(SUMMARY_GROUPS.map(group => [group, 0])) as Record<SummaryGroup, number>;
  for (const server of servers) counts[summaryGroupOf(server)]++;
  return counts;
}

/**
 * The group the cards are narrowed to, of the one the user chose: none while no summary is shown (its toggle would be
 * gone, and the cards narrowed with no way back), nor once the group has emptied (its servers all recovered, say).
 */
export function narrowedGroup(servers: readonly ServerState[], chosen: SummaryGroup | undefined): SummaryGroup | undefined {
  if (chosen === undefined || servers.length < SUMMARY_FROM) return undefined;
  return servers.some(s => summaryGroupOf(s) === chosen) ? chosen : undefined;
}

/**
 * The cards the sidebar shows: those in the chosen group (narrowedGroup) that the find query matches (server-find.ts).
 * Both narrowings are the summary's, so below SUMMARY_FROM servers, where it is not shown, neither applies.
 */
export function narrowedCards(servers: readonly ServerState[], chosen: SummaryGroup | undefined, query: string): { cards: ServerState[]; group?: SummaryGroup; query: string } {
  const group = narrowedGroup(servers, chosen);
  const shownQuery = servers.length >= SUMMARY_FROM ? query.trim() : '';
  const cards = servers.filter(s => (group === undefined || summaryGroupOf(s) === group) && serverMatches(s, shownQuery));
  return { cards, ...(group !== undefined && { group }), query: shownQuery };
}
