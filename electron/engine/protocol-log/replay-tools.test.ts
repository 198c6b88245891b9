// Replaying tool requests through the engine on a 2026 server whose tool declares an `x-mcp-header` parameter
// (SEP-2243): such a server refuses a tools/call whose Mcp-Param-* header is missing, so `log.replay` sends tools
// through the SDK's tool methods, which mirror the parameter into the header (and, when no tool list is held
// yet, fetch it and retry once the server says the header is missing). The reference server has no such tool,
// so a fixture does (the real SDK server, which checks the header).
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogPage } from '../../../shared/contract';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { startHttpFixture, type HttpFixture } from '../../../test-support/engine/http-fixture';

let fixture: HttpFixture | undefined;
afterAll(async () => {
  await cleanup();
  await fixture?.close();
});

function server(): McpServer {
  const mcp = new McpServer({ name: 'header-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
  mcp.registerTool('where', { inputSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }) }) }, async ({ region }) => ({
    content: [{ type: 'text', text: `in ${region}` }]
  }));
  return mcp;
}

describe('log.replay of tools on a 2026 server', { timeout: 60_000 }, () => {
  it('sends a tool call with the headers its declaration asks for, with or without a tool list held', async () => {
    fixture = await startHttpFixture(server, { era: 'modern' });
    const engine = await engineWith({ t: { type: 'http', url: fixture.url } });
    const live = await statusOf(engine, 't', 'connected', 30_000);
    expect(live.era).toBe('modern');
    const replay = (method: string, params?: Record<string, unknown>) =>
      engine.host.dispatch('log.replay', { serverId: 't', method, ...(params && { params }) }) as Promise<{ result?: unknown; error?: unknown; logSeq: number }>;
    const call = { name: 'where', arguments: { region: 'eu-west' } };

    // No tool list held yet: the server refuses the first try, the SDK lists the tools and retries.
    await expect(replay('tools/call', call)).resolves.toMatchObject({ result: { content: [{ type: 'text', text: 'in eu-west' }] } });
    // With the list replayed first, the header goes out on the first try.
    const listed = await replay('tools/list');
    expect(listed.result).toMatchObject({ tools: [{ name: 'where', inputSchema: { properties: { region: { 'x-mcp-header': 'Region' } } } }] });
    const before = ((await engine.host.dispatch('log.query', { serverId: 't', method: 'tools/call', direction: 'out' })) as LogPage).total;
    await expect(replay('tools/call', call)).resolves.toMatchObject({ result: { content: [{ text: 'in eu-west' }] } });
    const after = ((await engine.host.dispatch('log.query', { serverId: 't', method: 'tools/call', direction: 'out' })) as LogPage).entries;
    expect(after.length - before).toBe(1);
    expect(after.at(-1)).toMatchObject({ origin: 'replay', message: { params: call } });

    // Control: the same call sent as a plain request (what replay did before) lacks the header and is refused.
    const { client } = await engine.registry.get('t').whenReady(5_000);
    await expect(client.request({ method: 'tools/call', params: call }, z.unknown())).rejects.toThrow(/Mcp-Param-Region header is absent/);
  });
});
