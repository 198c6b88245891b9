// The engine against real HTTP servers: the reference server over Streamable HTTP (both eras, headers,
// reconnect after the server dies and comes back) and a legacy HTTP+SSE server (forced and fallback).
import { afterAll, describe, expect, it } from 'vitest';
import type { ListResult, ReadResult, ResourceItem } from '../../../shared/contract';
import { startSseFixture } from '../../../test-support/engine/sse-server';
import { cleanup, engineWith, nextEvent, statusOf } from '../../../test-support/engine/engine-harness';
import { HttpReferenceServer } from '../../../test-support/reference-server/http-server';

afterAll(cleanup);

describe('Streamable HTTP', () => {
  it('connects in both eras with configured headers, lists and reads', async () => {
    const modern = await HttpReferenceServer.start(['--resources', '60', '--page-size', '20']);
    const legacy = await HttpReferenceServer.start(['--era', 'legacy', '--resources', '10']);
    const engine = await engineWith({
      modern: { type: 'http', url: modern.url, headers: { Authorization: 'Bearer test-token' } },
      legacy: { type: 'http', url: legacy.url }
    });
    expect(await statusOf(engine, 'modern', 'connected')).toMatchObject({ era: 'modern', transport: 'http' });
    expect(await statusOf(engine, 'legacy', 'connected')).toMatchObject({ era: 'legacy', transport: 'http' });
    const list = (await engine.host.dispatch('resources.list', { serverId: 'modern' })) as ListResult<ResourceItem>;
    expect(list.items.length).toBeGreaterThanOrEqual(60);
    expect(list.pages).toBeGreaterThanOrEqual(3);
    const read = (await engine.host.dispatch('resources.read', { serverId: 'legacy', uri: 'ref://catalog/1' })) as ReadResult;
    expect(read.contents[0]).toMatchObject({ uri: 'ref://catalog/1' });
  });

  it('notices a dead HTTP server on the next request and reconnects when it is back', async () => {
    const server = await HttpReferenceServer.start(['--resources', '5']);
    const engine = await engineWith({ web: server.configEntry });
    await statusOf(engine, 'web', 'connected');
    await server.kill();
    const lost = nextEvent(engine.bus, 'serverState', s => s.id === 'web' && s.status !== 'connected');
    await expect(engine.host.dispatch('resources.list', { serverId: 'web', cacheMode: 'bypass' })).rejects.toMatchObject({ error: { code: 'transport' } });
    expect((await lost).status).toMatch(/reconnecting|error/);
    await server.restart();
    await statusOf(engine, 'web', 'connected', 20_000);
    await expect(engine.host.dispatch('resources.list', { serverId: 'web', cacheMode: 'bypass' })).resolves.toMatchObject({ serverId: 'web' });
  });

  it('reports an unreachable URL as a transport error without affecting anything else', async () => {
    const engine = await engineWith({ nowhere: { type: 'http', url: 'http://127.0.0.1:9/mcp' } });
    const failed = await statusOf(engine, 'nowhere', 'error');
    expect(failed.lastError?.code).toBe('transport');
  });
});

describe('legacy HTTP+SSE', () => {
  it('is used when forced with type "sse", and as the fallback when Streamable HTTP fails', async () => {
    const sse = await startSseFixture(3);
    try {
      const engine = await engineWith({ forced: { type: 'sse', url: sse.url }, fallback: { type: 'http', url: sse.url } });
      expect(await statusOf(engine, 'forced', 'connected')).toMatchObject({ transport: 'sse', era: 'legacy' });
      expect(await statusOf(engine, 'fallback', 'connected')).toMatchObject({ transport: 'sse', era: 'legacy' });
      const list = (await engine.host.dispatch('resources.list', { serverId: 'fallback' })) as ListResult<ResourceItem>;
      expect(list.items.map(i => i.uri)).toEqual(['sse://item/0', 'sse://item/1', 'sse://item/2']);
      const read = (await engine.host.dispatch('resources.read', { serverId: 'forced', uri: 'sse://item/2' })) as ReadResult;
      expect(read.contents).toEqual([{ uri: 'sse://item/2', kind: 'text', text: 'item 2' }]);
      await engine.close();
    } finally {
      await sse.close();
    }
  });
});
