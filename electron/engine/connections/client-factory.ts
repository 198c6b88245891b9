// One SDK v2 Client per connection attempt, configured for this app: era negotiation `auto`, the
// shared cache store, and elicitation routed to the input broker.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import type { ClientOptions } from '@modelcontextprotocol/client';
import type { ServerId } from '../../../shared/contract';
import { projectRoot } from '../config/default-server';
import type { EnginePorts } from '../ports';

let clientInfo: { name: string; version: string } | undefined;
function ourInfo(): { name: string; version: string } {
  if (!clientInfo) {
    let version = '0.0.0';
    try {
      version = (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      // Only cosmetic (shown to servers as clientInfo.version).
    }
    clientInfo = { name: 'mcp-resource-browser', version };
  }
  return clientInfo;
}

export interface ClientSpec {
  serverId: ServerId;
  credentialId: string;
  ports: EnginePorts;
  /** `legacy` for the HTTP+SSE transport, which predates the 2026 era. */
  negotiation: 'auto' | 'legacy';
  probeTimeoutMs: number;
  /** The config's cache identity (`cacheIdentityOf`): servers with the same one share public cache entries. */
  cacheIdentity: string;
}

export function createClient(spec: ClientSpec): Client {
  const { cache, input } = spec.ports;
  const options: ClientOptions = {
    versionNegotiation: { mode: spec.negotiation, probe: { timeoutMs: spec.probeTimeoutMs } },
    inputRequired: { maxRounds: input.maxRounds },
    // We walk list cursors ourselves (progress, cancel, loop guards); this only bounds SDK-internal walks.
    listMaxPages: 64,
    capabilities: { elicitation: { form: {}, url: {} } },
    responseCacheStore: cache.storeFor(spec.serverId, spec.cacheIdentity),
    cachePartition: cache.partitionFor(spec.serverId, spec.credentialId),
    defaultCacheTtlMs: cache.defaultTtlMs
  };
  const client = new Client(ourInfo(), options);
  client.setRequestHandler('elicitation/create', (request, ctx) => input.elicit(spec.serverId, request.params, ctx.mcpReq.signal));
  return client;
}
