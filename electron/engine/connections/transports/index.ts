// The transport kinds the engine connects with, one descriptor each, and what the connection layer
// asks of them for a given config entry. Layers of a built transport, wire first: the descriptor's raw
// transport (its observers attached before anything wraps it, so the SDK chains them and the tap sees
// each frame exactly once) -> protocol-log tap -> annotation carrier (moves annotations past the SDK's
// result checks, ../../resources/annotation-carrier.ts) -> cache MRTR guard -> Client, so the log records
// frames exactly as they travelled.
import { createHash } from 'node:crypto';
import type { ServerConfigEntry, ServerConfigOf, TransportKind } from '../../../../shared/contract';
import { isConfigOf, transportKindOf } from '../../../../shared/contract';
import { appError } from '../../errors';
import { carryAnnotations } from '../../resources/annotation-carrier';
import type { BuiltTransport, TransportDescriptor, TransportObservers } from './descriptor';
import { sse } from './sse';
import { stdio } from './stdio';
import { streamableHttp } from './streamable-http';

export type { BuiltTransport, TransportObservers } from './descriptor';

export const transports: { readonly [K in TransportKind]: TransportDescriptor<K> } = {
  stdio,
  http: streamableHttp,
  sse
};

/** A kind's descriptor together with an entry it can connect with. */
interface Bound<K extends TransportKind> {
  descriptor: TransportDescriptor<K>;
  entry: ServerConfigOf<K>;
}

function bind<K extends TransportKind>(kind: K, entry: ServerConfigEntry): Bound<K> {
  // Only a hand-edited verdict file can pair a kind with an entry it cannot serve; the attempt then fails and is re-probed.
  if (!isConfigOf(kind, entry)) throw appError('internal', `a ${kind} transport cannot connect with this server's config`);
  return { descriptor: transports[kind], entry };
}

export function buildTransport(entry: ServerConfigEntry, kind: TransportKind, observers: TransportObservers): BuiltTransport {
  const bound = bind(kind, entry);
  const built: BuiltTransport = { ...bound.descriptor.build(bound.entry, observers), kind };
  built.transport.onmessage = message => observers.onInbound(message);
  built.transport = observers.log.tap(built.transport, observers.serverId, id => observers.onUnmatchedAnswer(id));
  built.transport = carryAnnotations(built.transport);
  built.transport = observers.cache.guardTransport(built.transport);
  return built;
}

/** What a server's status shows as its address: the command line or the URL. */
export function endpointOf(entry: ServerConfigEntry): string {
  const { descriptor, entry: own } = bind(transportKindOf(entry), entry);
  return descriptor.endpoint(own);
}

/** JSON with every object's keys in order, so equal configs give equal text whatever order they were written in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map(k => `${JSON.stringify(k)}:${canonicalJson(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The identity under which the cache shares public entries: a hash of everything in the entry that can change
 * what the server answers (command, args, env, cwd; URL and headers). Equal for entries that differ only in
 * key order, header-name case or transport kind of the same URL; never the endpoint shown in the status, and
 * never a secret in clear (cache keys are shown in the cache panel and written to the warm-start file).
 */
export function cacheIdentityOf(entry: ServerConfigEntry): string {
  const { descriptor, entry: own } = bind(transportKindOf(entry), entry);
  const reach = 'url' in entry ? 'url' : 'command';
  return `${reach}:${createHash('sha256').update(canonicalJson(descriptor.identity(own))).digest('hex').slice(0, 32)}`;
}

/** Stable identity of the credentials in use, for private cache partitions; '' when there are none. */
export function credentialIdOf(entry: ServerConfigEntry): string {
  const { descriptor, entry: own } = bind(transportKindOf(entry), entry);
  const secret = descriptor.credentials(own);
  if (!secret || Object.keys(secret).length === 0) return '';
  const sorted = Object.keys(secret)
    .sort()
    .map(k => [k.toLowerCase(), secret[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}
