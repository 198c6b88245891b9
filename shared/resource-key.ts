// One stable identity for what a server names (a resource's URI, a template's URI template): the same
// name on two servers is two things. The key splits at its first NUL, so a name may hold anything (a
// newline too); only a server id holding a NUL could make two pairs collide.
import type { ServerId } from './contract';

export function serverScopedKey(serverId: ServerId, name: string): string {
  return `${serverId}\u0000${name}`;
}

export function resourceKey(item: { serverId: ServerId; uri: string }): string {
  return serverScopedKey(item.serverId, item.uri);
}

/** The server id and URI a `resourceKey` was made from. */
export function parseResourceKey(key: string): { serverId: ServerId; uri: string } {
  const cut = key.indexOf('\u0000');
  return { serverId: key.slice(0, cut), uri: key.slice(cut + 1) };
}
