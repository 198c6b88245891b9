// One stable identity for a resource across servers: the same URI on two servers is two resources.
import type { ServerId } from '../contract';

export function resourceKey(item: { serverId: ServerId; uri: string }): string {
  return `${item.serverId}\u0000${item.uri}`;
}
