// A fleet's health at a glance: how many servers are connected, starting, failing, stopped or disabled. With
// fifty cards, the one that failed is otherwise a scroll away.
import type { ServerState } from '../../../shared/contract';

export const SUMMARY_GROUPS = ['connected', 'starting', 'failing', 'stopped', 'disabled'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

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
