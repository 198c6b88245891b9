// The last known list: put together from cached public pages only (a whole chain or nothing), and, through the
// engine against the real reference server over stdio, served at the next launch from the warm-start file
// before any request goes to the server, marked stale.
import { afterAll, describe, expect, it } from 'vitest';
import { unpackListResult, type ListResult, type LogPage, type PackedListResult, type ResourceItem } from '../../../shared/contract';
import { cleanup, engineWith, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { referenceServerEntry } from '../config/default-server';
import { entryKey, pagePartition } from './keys';
import { lastKnownList } from './last-known';
import { ResponseStore } from './response-store';

afterAll(cleanup);

const METHOD = 'resources/list';

function storeWithPages(pages: { cursor: string; items: string[]; next?: string; scope?: 'public' | 'private'; principal?: string }[]) {
  const store = new ResponseStore({ budgetBytes: 1e6, maxTtlMs: 60_000, now: () => 1_000, onChange: () => undefined });
  for (const p of pages) {
    const partition = pagePartition(p.principal ?? '');
    store.put({
      key: entryKey('config:a', partition, METHOD, p.cursor),
      identity: 'config:a',
      serverId: 's',
      writerPrincipal: p.principal ?? '',
      method: METHOD,
      params: p.cursor,
      partition,
      scope: p.scope ?? 'public',
      value: JSON.stringify({ resources: p.items.map(uri => ({ uri, name: uri })), ...(p.next !== undefined && { nextCursor: p.next }) }),
      expiresAt: 5_000
    });
  }
  return store;
}

const urisOf = (known: ReturnType<typeof lastKnownList>) => known?.items.map(i => (i as { uri: string }).uri);

describe('lastKnownList', () => {
  it('follows the cursors through the cached public pages, in order', () => {
    const store = storeWithPages([
      { cursor: '', items: ['a', 'b'], next: 'c1' },
      { cursor: 'c1', items: ['c'], next: 'c2' },
      { cursor: 'c2', items: ['d'] }
    ]);
    const known = lastKnownList(store, 'config:a', METHOD, 'resources');
    expect(urisOf(known)).toEqual(['a', 'b', 'c', 'd']);
    expect(known).toMatchObject({ expiresAt: 5_000, storedAt: 1_000 });
    // Each page's text as stored, in order: what a live page stored later is compared with.
    expect(known?.pageTexts.map(text => (JSON.parse(text) as { resources: { uri: string }[] }).resources.map(r => r.uri))).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(lastKnownList(store, 'config:other', METHOD, 'resources')).toBeUndefined();
  });

  it('gives nothing for a list missing a page, a looping chain, or pages kept for one principal', () => {
    expect(lastKnownList(storeWithPages([{ cursor: '', items: ['a'], next: 'gone' }]), 'config:a', METHOD, 'resources')).toBeUndefined();
    const loop = storeWithPages([
      { cursor: '', items: ['a'], next: 'c1' },
      { cursor: 'c1', items: ['b'], next: '' }
    ]);
    expect(lastKnownList(loop, 'config:a', METHOD, 'resources')).toBeUndefined();
    const privatePages = storeWithPages([{ cursor: '', items: ['secret'], scope: 'private', principal: 'p-1' }]);
    expect(lastKnownList(privatePages, 'config:a', METHOD, 'resources')).toBeUndefined();
  });
});

describe('resources.lastKnown through the engine, reference server over stdio', { timeout: 90_000 }, () => {
  it('is null before any listing; at the next launch it serves the last run’s list, stale, without a request', async () => {
    const dataDir = await tempDir('last-known-');
    const servers = { ref: referenceServerEntry(['--resources', '120', '--page-size', '50', '--update-interval-ms', '86400000']) };
    const first = await engineWith(servers, { dataDir });
    expect(await first.host.dispatch('resources.lastKnown', { serverId: 'ref' })).toBeNull();
    await statusOf(first, 'ref', 'connected', 30_000);
    const listed = (await first.host.dispatch('resources.list', { serverId: 'ref' })) as ListResult<ResourceItem>;
    expect(listed.pages).toBeGreaterThan(1);
    await first.close();

    const second = await engineWith(servers, { dataDir });
    // Asked at once: the answer comes from the restored cache, whether or not the server is up yet.
    const known = unpackListResult((await second.host.dispatch('resources.lastKnown', { serverId: 'ref' })) as PackedListResult);
    expect(known.items).toEqual(listed.items);
    expect(known.cache).toMatchObject({ state: 'stale', scope: 'public' });
    await statusOf(second, 'ref', 'connected', 30_000);
    const sent = (await second.host.dispatch('log.query', { serverId: 'ref', direction: 'out', method: 'resources/list' })) as LogPage;
    expect(sent.entries.filter(e => e.kind === 'request')).toHaveLength(0);
  });
});
