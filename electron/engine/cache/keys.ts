// How cache entries are addressed. The SDK hands the store `{method, params, partition}` where partition
// is the JSON pair `[serverIdentity, principal]`; the shared store adds the config identity in front so
// that two servers reporting the same name@version never read each other's entries.
import { createHash } from 'node:crypto';

/** Page entries (cached by us for caller-walked lists) use a partition the SDK can never produce: its
 * first element is an array, the SDK's is always a string. */
const PAGE_TAG = ['page'];

/** The identity a server's entries are stored under: its config's (shared by servers configured alike), else its own. */
export function viewIdentity(serverId: string, configIdentity: string | undefined): string {
  return configIdentity === undefined ? `server:${serverId}` : `config:${configIdentity}`;
}

export function entryKey(identity: string, partition: string, method: string, params: string): string {
  return JSON.stringify([identity, partition, method, params]);
}

/** One request within a server's entries, whatever its partition: method and params. */
export function requestKey(method: string, params: string): string {
  return `${method}\0${params}`;
}

export function pagePartition(principal: string): string {
  return JSON.stringify([PAGE_TAG, principal]);
}

export interface ParsedPartition {
  kind: 'sdk' | 'page';
  principal: string;
}

/** Reads back a partition string; anything unexpected counts as its own principal (never shared). */
export function parsePartition(partition: string): ParsedPartition {
  try {
    const parsed: unknown = JSON.parse(partition);
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string') {
      return { kind: Array.isArray(parsed[0]) ? 'page' : 'sdk', principal: parsed[1] };
    }
  } catch {
    // fall through
  }
  return { kind: 'sdk', principal: partition || '' };
}

/**
 * The principal for private entries: bound to server and credential. Hashed, so the cache panel and the
 * warm-start file never show a token, and never empty (an empty principal would make the SDK store private
 * entries in the shared slot).
 */
export function privatePrincipal(serverId: string, credentialId: string): string {
  return `p-${createHash('sha256').update(`${serverId}\0${credentialId}`).digest('hex').slice(0, 16)}`;
}

/** The list methods the SDK keeps as one entry per partition, and which `list_changed` drops. */
export const LIST_METHODS: ReadonlySet<string> = new Set(['resources/list', 'resources/templates/list', 'tools/list', 'prompts/list']);
