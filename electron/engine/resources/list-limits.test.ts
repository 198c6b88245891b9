// A server whose list never ends and whose items are huge, against the real engine over stdio
// (test-support/fleet/broken-server.ts --mode huge-items): each item's description is cut to its cap, and the
// listing stops with too_large once its text passes the list's limit, instead of growing until memory runs out.
// The server stays connected and its next request is answered.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';
import { PACKED_FIELDS } from '../../../shared/contract';

/** A packed item's description cell (packed-items.ts). */
const DESCRIPTION = 3;

afterAll(cleanup);

describe('list limits', () => {
  it("stops an endless list of huge items at the list's text limit, with each item's text capped", async () => {
    const maxText = 2 * 1024 * 1024;
    const engine = await engineWith(
      { big: brokenServer('huge-items', ['--resources', '20', '--bytes', '50000']) },
      { limits: { list: { maxItems: 2_000_000, maxText, maxTotalText: 4 * maxText } } }
    );
    await statusOf(engine, 'big', 'connected', 60_000);
    const pages: number[] = [];
    const descriptions = new Set<number>();
    engine.bus.on('listProgress', event => {
      pages.push(event.page);
      for (let k = 0; k < event.items.count; k++) descriptions.add(String(event.items.rows[k * PACKED_FIELDS + DESCRIPTION]).length);
    });
    const listed = engine.host.dispatch('resources.list', { serverId: 'big', cacheMode: 'bypass' });
    await expect(listed).rejects.toMatchObject({ error: { code: 'too_large', message: expect.stringMatching(new RegExp(`more than ${maxText} characters`)) } });
    // 20 items of ~4,000 characters a page: ~26 pages fit in 2 MiB; the walk stopped soon after, not at the server's end.
    expect(Math.max(...pages)).toBeLessThan(40);
    expect([...descriptions]).toEqual([4_000]);
    expect(engine.registry.get('big').snapshot().status).toBe('connected');
    await expect(engine.host.dispatch('resources.read', { serverId: 'big', uri: 'fleet://huge-items/0/0' })).resolves.toMatchObject({ uri: 'fleet://huge-items/0/0' });
  });

  it('stops the lists of several huge servers once together they pass the budget of all lists, and frees a removed one', async () => {
    const maxText = 2 * 1024 * 1024;
    const maxTotalText = 3 * 1024 * 1024;
    const huge = brokenServer('huge-items', ['--resources', '20', '--bytes', '50000']);
    const engine = await engineWith(
      { first: huge, second: huge, plain: brokenServer('healthy', ['--resources', '50']) },
      { limits: { list: { maxItems: 2_000_000, maxText, maxTotalText } } }
    );
    await Promise.all(['first', 'second', 'plain'].map(id => statusOf(engine, id, 'connected', 60_000)));
    const textOf = (serverId: string) => {
      let text = 0;
      const off = engine.bus.on('listProgress', event => {
        if (event.serverId !== serverId) return;
        for (let k = 0; k < event.items.count; k++) text += String(event.items.rows[k * PACKED_FIELDS + DESCRIPTION]).length;
      });
      return { off, text: () => text };
    };
    // A small list, listed first, counts too (a little).
    await expect(engine.host.dispatch('resources.list', { serverId: 'plain' })).resolves.toMatchObject({ items: expect.any(Array) });
    const first = textOf('first');
    // Its own limit stops the first (2 MiB of its 3 MiB budget)...
    await expect(engine.host.dispatch('resources.list', { serverId: 'first', cacheMode: 'bypass' })).rejects.toMatchObject({ error: { code: 'too_large', message: expect.stringMatching(/^The server listed more than/) } });
    first.off();
    // ...the second stops at what the first left: about 1 MiB, not its own 2 MiB.
    const second = textOf('second');
    await expect(engine.host.dispatch('resources.list', { serverId: 'second', cacheMode: 'bypass' })).rejects.toMatchObject({
      error: { code: 'too_large', message: expect.stringMatching(/^The lists of all servers hold more than 3145728 characters/) }
    });
    second.off();
    expect(first.text()).toBeGreaterThan(1.8 * 1024 * 1024);
    expect(second.text()).toBeLessThan(1.1 * 1024 * 1024);
    expect(second.text()).toBeGreaterThan(0.8 * 1024 * 1024);
    expect(engine.registry.get('second').snapshot().status).toBe('connected');
    // The first server removed, its list no longer counts: the second lists up to its own limit again.
    await engine.host.dispatch('servers.remove', { serverId: 'first' });
    const again = textOf('second');
    await expect(engine.host.dispatch('resources.list', { serverId: 'second', cacheMode: 'bypass' })).rejects.toMatchObject({ error: { message: expect.stringMatching(/^The server listed more than/) } });
    again.off();
    expect(again.text()).toBeGreaterThan(1.8 * 1024 * 1024);
  });
});
