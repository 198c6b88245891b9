// A server whose list never ends and whose items are huge, against the real engine over stdio
// (test-support/fleet/broken-server.ts --mode huge-items): each item's description is cut to its cap, and the
// listing stops with too_large once its text passes the list's limit, instead of growing until memory runs out.
// The server stays connected and its next request is answered.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';

afterAll(cleanup);

describe('list limits', () => {
  it("stops an endless list of huge items at the list's text limit, with each item's text capped", async () => {
    const maxText = 2 * 1024 * 1024;
    const engine = await engineWith(
      { big: brokenServer('huge-items', ['--resources', '20', '--bytes', '50000']) },
      { limits: { list: { maxItems: 2_000_000, maxText } } }
    );
    await statusOf(engine, 'big', 'connected', 60_000);
    const pages: number[] = [];
    const descriptions = new Set<number>();
    engine.bus.on('listProgress', event => {
      pages.push(event.page);
      for (let k = 0; k < event.items.count; k++) descriptions.add(String(event.items.rows[k * 11 + 3]).length);
    });
    const listed = engine.host.dispatch('resources.list', { serverId: 'big', cacheMode: 'bypass' });
    await expect(listed).rejects.toMatchObject({ error: { code: 'too_large', message: expect.stringMatching(new RegExp(`more than ${maxText} characters`)) } });
    // 20 items of ~4,000 characters a page: ~26 pages fit in 2 MiB; the walk stopped soon after, not at the server's end.
    expect(Math.max(...pages)).toBeLessThan(40);
    expect([...descriptions]).toEqual([4_000]);
    expect(engine.registry.get('big').snapshot().status).toBe('connected');
    await expect(engine.host.dispatch('resources.read', { serverId: 'big', uri: 'fleet://huge-items/0/0' })).resolves.toMatchObject({ uri: 'fleet://huge-items/0/0' });
  });
});
