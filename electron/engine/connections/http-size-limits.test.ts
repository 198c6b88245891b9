// HTTP servers are held to the message limit stdio servers are held to, against a real broken server over
// Streamable HTTP (test-support/fleet/broken-server.ts --transport http): a reply over the limit fails its own
// request with too_large, as a JSON body or as an event, and the connection stays up for the next request.
// (The HTTP read budget is tested with the stdio one, in read-budget.test.ts.)
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { startBrokenHttpServer, type BrokenHttpServer } from '../../../test-support/fleet/fleet';

const started: BrokenHttpServer[] = [];
async function brokenHttp(...args: Parameters<typeof startBrokenHttpServer>) {
  const server = await startBrokenHttpServer(...args);
  started.push(server);
  return server.entry;
}

afterAll(async () => {
  await cleanup();
  await Promise.all(started.map(server => server.stop()));
});

describe('HTTP size limits', () => {
  const LIMIT = 1024 * 1024;

  it.each([
    ['a JSON body', [] as string[]],
    ['an event on the reply stream', ['--sse-replies']]
  ])('refuses a reply over the limit as %s with too_large, and the next request is answered', async (_, extra) => {
    const engine = await engineWith({ huge: await brokenHttp('huge-line', ['--bytes', String(5 * LIMIT), ...extra]) }, { limits: { maxMessageBytes: LIMIT } });
    await statusOf(engine, 'huge', 'connected', 60_000);
    const failed = engine.host.dispatch('resources.list', { serverId: 'huge', cacheMode: 'bypass' });
    await expect(failed).rejects.toMatchObject({ error: { code: 'too_large', data: { limit: LIMIT } } });
    await expect(failed).rejects.toMatchObject({ error: { message: expect.stringMatching(new RegExp(`exceeds the limit of ${LIMIT} bytes`)) } });
    expect(engine.registry.get('huge').snapshot().status).toBe('connected');
    await expect(engine.host.dispatch('resources.read', { serverId: 'huge', uri: 'fleet://huge-line/0' })).resolves.toMatchObject({ uri: 'fleet://huge-line/0' });
  });
});
