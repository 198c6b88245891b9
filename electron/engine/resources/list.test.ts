// listResources for a server that offers no resources (tools only, the most common kind). The connection
// is a stand-in: with no `resources` capability the engine sends the server nothing, so no real server is
// needed to show what the engine does. The ports are stand-ins too, that throw if touched: with no request,
// neither the cache nor any other feature module has a part in it.
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { EngineEvents } from '../../../shared/contract';
import { EventBus } from '../event-bus';
import type { EnginePorts } from '../ports';
import { listResources } from './list';
import { ListedText } from './listed-text';

const untouchablePorts = new Proxy({} as EnginePorts, {
  get: (_ports, name) => {
    throw new Error(`ports.${String(name)} was used`);
  }
});

describe('listResources', () => {
  it('ends the stream of a server without resources with one empty done event', async () => {
    const bus = new EventBus();
    const events: EngineEvents['listProgress'][] = [];
    bus.on('listProgress', event => events.push(event));
    const live = { serverId: 'tools', client: {} as Client, era: 'modern' as const, capabilities: { tools: {} }, credentialId: '' };
    const handle = { requestId: 'r1', signal: new AbortController().signal, timeoutMs: 1_000, cancelled: false };
    const result = await listResources({ bus, ports: untouchablePorts, listLimits: { maxItems: 10, maxText: 1_000, maxTotalText: 1_000 }, listedText: new ListedText(1_000) }, live, handle, 'use', { streamOnly: true });
    expect(result).toMatchObject({ serverId: 'tools', items: [], pages: 0, streamed: 0 });
    expect(events).toEqual([{ serverId: 'tools', requestId: 'r1', firstPage: 1, page: 1, loaded: 0, done: true, items: { count: 0, shared: [], rows: [] } }]);
  });
});
