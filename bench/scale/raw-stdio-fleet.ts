// The baseline of the many-servers case: one SDK client per stdio server, all started at once, each
// connecting and walking `resources/list` cursors, nothing else (no cache, no UI). As the SDK connects by
// default, each server is started twice (the era probe runs in a throwaway process); with `probeInPlace`, once,
// as the app starts them (the engine's own transport class, which the SDK probes in place).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioServerConfig } from '../../shared/contract';
import { StdioProbedInPlace } from '../../electron/engine/connections/transports/stdio';
import { listPageSchema } from '../../electron/engine/resources/list-page-schema';

/** Fifty servers starting at once on a loaded 2-core machine are slow to answer: a deadline, not a speed check. */
const TIMEOUT_MS = 600_000;

/** The page check the engine's list walk uses (the SDK asks for a schema when a request has options), so both do the same work per page. */
const PAGE_SCHEMA = listPageSchema('resources');

export interface RawFleetRun {
  allConnectedMs: number;
  allListedMs: number;
  /** Items listed per server id. */
  items: Record<string, number>;
}

export async function rawStdioFleet(servers: Record<string, StdioServerConfig>, options: { probeInPlace?: boolean } = {}): Promise<RawFleetRun> {
  const Transport = options.probeInPlace ? StdioProbedInPlace : StdioClientTransport;
  const started = performance.now();
  const clients: Client[] = [];
  const connectedAt: number[] = [];
  try {
    const counts = await Promise.all(
      Object.entries(servers).map(async ([id, entry]) => {
        const client = new Client({ name: 'scale-bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
        clients.push(client);
        const transport = new Transport({
          command: entry.command,
          args: entry.args,
          cwd: entry.cwd,
          env: { ...getDefaultEnvironment(), ...entry.env },
          stderr: 'ignore'
        });
        await client.connect(transport, { timeout: TIMEOUT_MS });
        connectedAt.push(performance.now() - started);
        let count = 0;
        let cursor: string | undefined;
        do {
          const page = (await client.request({ method: 'resources/list', params: cursor ? { cursor } : {} }, PAGE_SCHEMA, { timeout: TIMEOUT_MS })) as { resources: unknown[]; nextCursor?: string };
          count += page.resources.length;
          cursor = page.nextCursor;
        } while (cursor);
        return [id, count] as const;
      })
    );
    return { allConnectedMs: Math.max(...connectedAt), allListedMs: performance.now() - started, items: Object.fromEntries(counts) };
  } finally {
    await Promise.all(clients.map(c => c.close().catch(() => undefined)));
  }
}
