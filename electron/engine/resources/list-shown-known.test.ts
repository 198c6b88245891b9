// `resources.list` with `shownLastKnown` against real reference servers over stdio, on a warm launch: a live list
// that is the last known one streams no item (only its counts) and says so; one that changed streams every item as ever.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackListResult, type ListResult, type PackedListResult, type ResourceItem } from '../../../shared/contract';
import { cleanup, engineWith, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { referenceServerEntry } from '../config/default-server';
import type { Engine } from '../engine';

afterAll(cleanup);

const servers = (sandboxDir: string) => ({ a: referenceServerEntry(['--resources', '40', '--page-size', '15', '--sandbox-dir', sandboxDir]) });

/** Launches on `dataDir`, shows the last known list as the page does, and lists live with `shownLastKnown`. */
async function warmListing(dataDir: string, sandboxDir: string) {
  const engine: Engine = await engineWith(servers(sandboxDir), { dataDir });
  const known = (await engine.host.dispatch('resources.lastKnown', { serverId: 'a' })) as PackedListResult | null;
  await engine.host.dispatch('app.firstScreenShown', {});
  await statusOf(engine, 'a', 'connected');
  const streamed: ResourceItem[] = [];
  let walked = 0;
  const off = engine.bus.on('listProgress', p => {
    if (p.requestId !== 'live') return;
    walked = p.loaded;
    streamed.push(...unpackListResult({ serverId: 'a', items: p.items, pages: 0, cache: { state: 'miss', receivedAt: 0 } }).items);
  });
  const live = (await engine.host.dispatch('resources.list', { serverId: 'a', requestId: 'live', streamOnly: true, shownLastKnown: true })) as ListResult<ResourceItem>;
  off();
  await engine.close();
  return { known, live, streamed, walked };
}

describe('resources.list with shownLastKnown (a warm launch)', () => {
  it('streams no item when the live list is the last known one, and says which one it is', async () => {
    const [dataDir, sandboxDir] = await Promise.all([tempDir('shown-known-'), tempDir('shown-known-sandbox-')]);
    const first = await engineWith(servers(sandboxDir), { dataDir });
    await statusOf(first, 'a', 'connected');
    const listed = (await first.host.dispatch('resources.list', { serverId: 'a' })) as ListResult<ResourceItem>;
    await first.close();

    const same = await warmListing(dataDir, sandboxDir);
    expect(same.known?.items.count).toBe(listed.items.length);
    expect(same.streamed).toEqual([]);
    // The counts still went out, so the page's progress moved.
    expect(same.walked).toBe(listed.items.length);
    expect(same.live).toMatchObject({ items: [], streamed: listed.items.length, sameAsLastKnown: same.known?.cache.receivedAt });

    // A file appears in the server's sandbox between launches: its list is no longer the last known one.
    await writeFile(join(sandboxDir, 'appeared.md'), '# new\n');
    const changed = await warmListing(dataDir, sandboxDir);
    expect(changed.known?.items.count).toBe(listed.items.length);
    expect(changed.live.sameAsLastKnown).toBeUndefined();
    expect(changed.live.streamed).toBe(listed.items.length + 1);
    expect(changed.streamed.map(i => i.uri)).toContain('file:///appeared.md');
    expect(changed.streamed).toHaveLength(listed.items.length + 1);
    // Every item once: the pages held back before the difference went out, made again from the last known list.
    expect(new Set(changed.streamed.map(i => i.uri)).size).toBe(listed.items.length + 1);
    expect(changed.streamed.filter(i => i.uri !== 'file:///appeared.md').map(i => i.uri).sort()).toEqual(listed.items.map(i => i.uri).sort());
  });
});
