// One connection attempt: pick the era (saved verdict via `prior`, else the `auto` probe), pick the
// transport (the entry's own kind, then its descriptor's fallback, e.g. Streamable HTTP -> legacy
// HTTP+SSE), and hand back a connected Client.
import { createHash } from 'node:crypto';
import type { Client, PriorDiscovery } from '@modelcontextprotocol/client';
import type { ProtocolEra, ServerConfigEntry, ServerId, TransportKind } from '../../../shared/contract';
import { transportKindOf } from '../../../shared/contract';
import { appError, appErrorFrom } from '../errors';
import type { EnginePorts } from '../ports';
import { createClient } from './client-factory';
import { buildTransport, cacheIdentityOf, credentialIdOf, transports } from './transports';
import type { BuiltTransport, TransportObservers } from './transports';
import type { Verdict, VerdictStore } from './verdict-store';

type VerdictSource = 'prior' | 'probe';

export interface Established {
  client: Client;
  built: BuiltTransport;
  era: ProtocolEra;
  credentialId: string;
  verdictSource: VerdictSource;
  verdict: Verdict;
  /** The `server/discover` result (modern) or the `initialize` result (legacy). */
  handshake: unknown;
}

export interface EstablishDeps {
  serverId: ServerId;
  entry: ServerConfigEntry;
  ports: EnginePorts;
  verdicts: VerdictStore;
  observers: Omit<TransportObservers, 'serverId' | 'log' | 'cache' | 'auth'>;
  connectTimeoutMs: number;
  /** Lets a superseded attempt (server removed or reconnected meanwhile) stop early. */
  signal: AbortSignal;
}

function handshakeOf(client: Client): unknown {
  const discover = client.getDiscoverResult();
  if (discover) return discover;
  return {
    protocolVersion: client.getNegotiatedProtocolVersion(),
    capabilities: client.getServerCapabilities(),
    serverInfo: client.getServerVersion(),
    ...(client.getInstructions() !== undefined && { instructions: client.getInstructions() })
  };
}

/**
 * The credential the connection uses, for its private cache partition: the entry's own (headers, env) and,
 * when signed in, the principal (issuer and user or grant), so another user never reads this one's entries.
 */
function credentialOf(deps: EstablishDeps): string {
  const own = credentialIdOf(deps.entry);
  const principal = deps.ports.auth.principal(deps.serverId, deps.entry);
  return principal ? createHash('sha256').update(`${own}\0${principal}`).digest('hex').slice(0, 16) : own;
}

/** How long a 2025-era Streamable HTTP connection waits for its event stream to be asked for. */
const EVENT_STREAM_WAIT_MS = 1_000;

/**
 * The SDK asks for a 2025-era server's event stream (its notifications, and replies it moves there) only after the
 * handshake, once its headers are ready, and does not wait for it. The connection counts as made once that GET
 * has been sent (or a second has passed), so the first requests do not overtake it: a server may take a stream
 * that arrives after a request's for that request's resumption (the official conformance suite's `sse-retry`
 * does, and fails a client whose stream comes "too early"). Sent, not answered: some servers (the SDK's own
 * stateful handler among them) answer it only with their first event.
 */
async function eventStreamAskedOrTimeout(asked: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([asked, new Promise<void>(resolve => (timer = setTimeout(resolve, EVENT_STREAM_WAIT_MS)))]);
  clearTimeout(timer);
}

async function connectOnce(deps: EstablishDeps, kind: TransportKind, prior: PriorDiscovery | undefined): Promise<{ client: Client; built: BuiltTransport }> {
  const credentialId = credentialOf(deps);
  const client = createClient({
    serverId: deps.serverId,
    credentialId,
    ports: deps.ports,
    negotiation: transports[kind].negotiation,
    probeTimeoutMs: deps.connectTimeoutMs,
    cacheIdentity: cacheIdentityOf(deps.entry)
  });
  const built = buildTransport(deps.entry, kind, { ...deps.observers, serverId: deps.serverId, log: deps.ports.log, cache: deps.ports.cache, auth: deps.ports.auth });
  try {
    await client.connect(built.transport, { timeout: deps.connectTimeoutMs, signal: deps.signal, ...(prior && { prior }) });
    if (prior?.kind === 'modern') {
      // A modern verdict connects with zero round trips; one discover proves the server still speaks
      // 2026-07-28 (and is alive) and refreshes the capabilities we saved.
      await client.discover({ timeout: deps.connectTimeoutMs, signal: deps.signal });
    }
    if (built.eventStreamAsked && client.getProtocolEra() === 'legacy') await eventStreamAskedOrTimeout(built.eventStreamAsked);
    return { client, built };
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
}

/**
 * A stdio server is probed in place, in the process that then serves the connection (transports/stdio.ts). One
 * that ends that process on the probe, as servers built on some SDKs exit on any request before `initialize` (with
 * or without an error reply first), is started again for the 2025 handshake alone. So is one that crashed while
 * starting: its second start fails as the first did, and its error is the one shown.
 */
async function probeStdio(deps: EstablishDeps): Promise<{ client: Client; built: BuiltTransport }> {
  let exitedOnItsOwn = false;
  const observers: EstablishDeps['observers'] = {
    ...deps.observers,
    onExit: exit => {
      exitedOnItsOwn ||= !exit.asked;
      deps.observers.onExit({ ...exit, probedInPlace: true });
    }
  };
  try {
    return await connectOnce({ ...deps, observers }, 'stdio', undefined);
  } catch (err) {
    if (!exitedOnItsOwn || deps.signal.aborted) throw err;
    return connectOnce(deps, 'stdio', { kind: 'legacy' });
  }
}

/** Probes the era with the entry's own kind and, when that fails, with the kind's fallback if it has one. */
async function probe(deps: EstablishDeps): Promise<{ client: Client; built: BuiltTransport }> {
  const kind = transportKindOf(deps.entry);
  if (kind === 'stdio') return probeStdio(deps);
  const fallback = transports[kind].fallback;
  if (!fallback) return connectOnce(deps, kind, undefined);
  try {
    return await connectOnce(deps, kind, undefined);
  } catch (primary) {
    if (fallback.isFinal(primary) || deps.signal.aborted) throw primary;
    try {
      return await connectOnce(deps, fallback.kind, undefined);
    } catch (second) {
      const first = appErrorFrom(primary);
      throw appError(
        first.code,
        `${first.message} (${fallback.name} fallback also failed: ${appErrorFrom(second).message})`,
        { ...(first.rpcCode !== undefined && { rpcCode: first.rpcCode }), ...(first.data !== undefined && { data: first.data }) },
        new AggregateError([primary, second], `${kind} and its ${fallback.name} fallback failed`)
      );
    }
  }
}

/**
 * Whether this connection is legacy only because its stdio probe went unanswered: the SDK takes a stdio server that
 * does not answer `server/discover` in time for a 2025 one (`classifyProbeOutcome`), and so a modern server that was
 * slow to start (a first `npx` download, a loaded machine: fifty servers booting together) was saved as legacy and
 * served no cache hints for a day. Such a verdict is not saved, and the next connection probes again. Told by the
 * time the probe took, as the SDK does not say why it fell back; a legacy server that was merely slow to answer
 * (as long as the timeout) is probed again too, which costs one spawn.
 */
function probeTimedOut(deps: EstablishDeps, source: VerdictSource, era: ProtocolEra, kind: TransportKind, probeMs: number): boolean {
  return source === 'probe' && era === 'legacy' && kind === 'stdio' && probeMs >= deps.connectTimeoutMs;
}

export async function establish(deps: EstablishDeps): Promise<Established> {
  const saved = deps.verdicts.get(deps.serverId, deps.entry);
  let connected: { client: Client; built: BuiltTransport } | undefined;
  let verdictSource: VerdictSource = 'probe';
  if (saved) {
    try {
      connected = await connectOnce(deps, saved.transport, saved.prior);
      verdictSource = 'prior';
    } catch (err) {
      // A stale verdict (server changed era or transport) or a server that is down: probing tells
      // which. If probing fails too, its error is the one that explains the situation.
      if (deps.signal.aborted) throw err;
    }
  }
  const probing = performance.now();
  connected ??= await probe(deps);
  const { client, built } = connected;
  const discover = client.getDiscoverResult();
  const era: ProtocolEra = client.getProtocolEra() ?? (discover ? 'modern' : 'legacy');
  const prior: PriorDiscovery = discover ? { kind: 'modern', discover } : { kind: 'legacy' };
  const unconfirmed = probeTimedOut(deps, verdictSource, era, built.kind, performance.now() - probing);
  if (unconfirmed) {
    console.warn(
      `[engine] ${deps.serverId}: no answer to the server/discover probe within ${deps.connectTimeoutMs} ms, so it connected with the 2025-11-25 handshake; the era is not saved and will be probed again on the next connection`
    );
  }
  const verdict = unconfirmed ? { fingerprint: '', prior, transport: built.kind, savedAt: Date.now() } : deps.verdicts.save(deps.serverId, deps.entry, prior, built.kind);
  return { client, built, era, credentialId: credentialOf(deps), verdictSource, verdict, handshake: handshakeOf(client) };
}
