// Builds the SDK transport for one connection attempt: stdio (with stderr capture and the oversize
// guard), Streamable HTTP or legacy HTTP+SSE (with the configured headers, e.g. a bearer token).
// Observers are attached to the raw transport *before* the protocol-log tap wraps it, so the SDK
// chains them and the tap sees each frame exactly once. Layers, wire first: raw -> log tap -> cache
// MRTR guard -> Client, so the log records frames exactly as they travelled.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { HttpServerConfig, ServerConfigEntry, ServerId, StdioServerConfig, TransportKind } from '../../../shared/contract';
import type { CachePort, ProtocolLogPort } from '../ports';
import { installOversizeGuard } from './oversize-guard';
import type { OversizeInfo } from './oversize-guard';
import type { StderrBuffer } from './stderr-buffer';

export interface TransportObservers {
  serverId: ServerId;
  stderr: StderrBuffer;
  log: ProtocolLogPort;
  cache: CachePort;
  onInbound(message: JSONRPCMessage): void;
  onOversize(info: OversizeInfo): void;
  /** Largest single stdio message accepted (bytes); bigger ones are dropped, not fatal. */
  maxMessageBytes: number;
}

export interface BuiltTransport {
  transport: Transport;
  kind: TransportKind;
  /** The stdio child's pid once started. */
  pid(): number | undefined;
}

export function isStdioConfig(entry: ServerConfigEntry): entry is StdioServerConfig {
  return 'command' in entry;
}

/** The transport a config asks for first: `type: "sse"` forces legacy SSE, `http` tries Streamable HTTP. */
export function preferredTransport(entry: ServerConfigEntry): TransportKind {
  return isStdioConfig(entry) ? 'stdio' : entry.type;
}

/** What a server's status shows as its address: the command line or the URL. */
export function endpointOf(entry: ServerConfigEntry): string {
  if (!isStdioConfig(entry)) return entry.url;
  return [entry.command, ...(entry.args ?? [])].map(part => (/\s/.test(part) ? JSON.stringify(part) : part)).join(' ');
}

/** Stable identity of the credentials in use, for private cache partitions; '' when there are none. */
export function credentialIdOf(entry: ServerConfigEntry): string {
  const secret = isStdioConfig(entry) ? entry.env : entry.headers;
  if (!secret || Object.keys(secret).length === 0) return '';
  const sorted = Object.keys(secret)
    .sort()
    .map(k => [k.toLowerCase(), secret[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

function buildStdio(entry: StdioServerConfig, observers: TransportObservers): BuiltTransport {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    env: { ...getDefaultEnvironment(), ...entry.env },
    cwd: entry.cwd,
    stderr: 'pipe',
    maxBufferSize: observers.maxMessageBytes
  });
  installOversizeGuard(transport, observers.maxMessageBytes, observers.onOversize);
  const stderr = transport.stderr as Readable | null;
  if (stderr) observers.stderr.attach(stderr);
  return { transport, kind: 'stdio', pid: () => transport.pid ?? undefined };
}

function buildHttp(entry: HttpServerConfig, kind: 'http' | 'sse'): BuiltTransport {
  const url = new URL(entry.url);
  const requestInit: RequestInit = entry.headers ? { headers: { ...entry.headers } } : {};
  const transport = kind === 'sse' ? new SSEClientTransport(url, { requestInit }) : new StreamableHTTPClientTransport(url, { requestInit });
  return { transport, kind, pid: () => undefined };
}

export function buildTransport(entry: ServerConfigEntry, kind: TransportKind, observers: TransportObservers): BuiltTransport {
  let built: BuiltTransport;
  if (isStdioConfig(entry)) built = buildStdio(entry, observers);
  else built = buildHttp(entry, kind === 'sse' ? 'sse' : 'http');
  built.transport.onmessage = message => observers.onInbound(message);
  built.transport = observers.log.tap(built.transport, observers.serverId);
  built.transport = observers.cache.guardTransport(built.transport);
  return built;
}
