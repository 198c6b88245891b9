// One stable identity for a resource across servers: the same URI on two servers is two resources.
import type { ServerId } from './contract';

export function resourceKey(item: { serverId: ServerId; uri: string }): string {
  return `${item.serverId}\u0000${item.uri}`;
}

/** The server id and URI a `resourceKey` was made from. */
export function parseResourceKey(key: string): { serverId: ServerId; uri: string } {
  const cut = key.indexOf('\u0000');
  return { serverId: key.slice(0, cut), uri: key.slice(cut + 1) };
}
