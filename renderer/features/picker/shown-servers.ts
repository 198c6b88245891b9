import type { ServerId, ServerState } from '../../../shared/contract';

/** The servers whose resources the picker lists: enabled ones, narrowed to the server filter when it names any. */
export function shownServerIds(servers: readonly ServerState[] | undefined, filter: readonly ServerId[]): ServerId[] {
  return (servers ?? []).filter(s => !s.disabled && (filter.length === 0 || filter.includes(s.id))).map(s => s.id);
}
