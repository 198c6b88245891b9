import { describe, expect, it } from 'vitest';
import { entryKey } from './keys';
import { putListPage } from '../../../test-support/cache/list-pages';
import { isFresh } from '../../../shared/cache/freshness';
import { ResponseStore, expiryOf } from './response-store';

function makeStore(budgetBytes: number, maxTtlMs = 60_000) {
  let now = 1_000;
  const changes: string[][] = [];
  const store = new ResponseStore({ budgetBytes, maxTtlMs, now: () => now, onChange: ids => changes.push([...ids]) });
  const put = (name: string, bytes: number, ttlMs = 10_000, serverId = 's1') =>
    store.put({
      key: entryKey('id', 'p', 'resources/read', name),
      identity: 'id',
      serverId,
      writerPrincipal: '',
      method: 'resources/read',
      params: name,
      partition: 'p',
      scope: 'public',
      value: 'x'.repeat(bytes),
      expiresAt: now + ttlMs
    });
  return { store, put, changes, advance: (ms: number) => (now += ms) };
}

describe('ResponseStore', () => {
  it('finds a request’s entries in every partition, and forgets them when replaced, evicted or deleted', () => {
    const { store, put } = makeStore(5_000);
    const inPartition = (partition: string, params: string, bytes = 100) =>
      store.put({ key: entryKey('id', partition, 'resources/read', params), identity: 'id', serverId: 's1', writerPrincipal: '', method: 'resources/read', params, partition, scope: 'public', value: 'x'.repeat(bytes) });
    put('a', 100);
    inPartition('q', 'a');
    put('b', 100);
    const partitions = () => store.entriesOf('id', 'resources/read', 'a').map(e => e.partition).sort();
    expect(partitions()).toEqual(['p', 'q']);
    expect(store.entriesOf('other', 'resources/read', 'a')).toEqual([]);
    // Replaced under the same key: one entry, the new one.
    inPartition('q', 'a', 200);
    expect(store.entriesOf('id', 'resources/read', 'a').map(e => e.value.length).sort((x, y) => x - y)).toEqual([100, 200]);
    store.delete(entryKey('id', 'p', 'resources/read', 'a'));
    expect(partitions()).toEqual(['q']);
    // Evicted to make room: gone from the index too.
    put('big', 4_500);
    expect(store.entriesOf('id', 'resources/read', 'a')).toEqual([]);
    expect(store.entriesOf('id', 'resources/read', 'big')).toHaveLength(1);
  });

  it('evicts least recently used entries to stay within the byte budget; a get refreshes recency', () => {
    const { store, put } = makeStore(5_000);
    put('a', 1_000);
    put('b', 1_000);
    put('c', 1_000);
    store.get(entryKey('id', 'p', 'resources/read', 'a'));
    put('d', 1_500); // over budget: b is now the least recently used
    const names = store.all().map(e => e.params);
    expect(names).toEqual(['c', 'a', 'd']);
    expect(store.totalBytes).toBeLessThanOrEqual(5_000);
  });

  it('evicts the pages of a walked list together, and other entries one at a time', () => {
    const { store, put } = makeStore(10_000);
    const putPage = (list: string, cursor: string) => putListPage(store, list, cursor, 'x'.repeat(1_000));
    put('a', 1_000);
    putPage('one', '');
    putPage('two', '');
    putPage('one', 'c2');
    putPage('two', 'c2');
    putPage('one', 'c3');
    expect(store.all()).toHaveLength(6);
    put('b', 3_500); // over budget: a goes alone, then list one (its first page is the oldest) with all its pages
    const held = store.all().map(e => `${e.identity}:${e.params}`);
    expect(held).toEqual(['two:', 'two:c2', 'id:b']);
    expect(store.evictedWith(store.all()[0]).map(e => e.params)).toEqual(['', 'c2']);
    expect(store.totalBytes).toBeLessThanOrEqual(10_000);
  });

  it('counts large blobs by their size: one big body pushes out many small ones', () => {
    const { store, put } = makeStore(20_000);
    for (let i = 0; i < 10; i++) put(`small-${i}`, 100);
    const smallSize = store.all()[0].size;
    put('blob', 17_000);
    const kept = store.all().map(e => e.params);
    expect(kept.at(-1)).toBe('blob');
    // The blob's bytes, not its entry count, decided how many small entries had to go (the newest stay).
    const room = 20_000 - store.all().at(-1)!.size;
    const fit = Math.floor(room / smallSize);
    expect(fit).toBeLessThan(10);
    expect(kept.slice(0, -1)).toEqual(Array.from({ length: fit }, (_, i) => `small-${10 - fit + i}`));
  });

  it('refuses an entry larger than the whole budget and drops the older copy under that key', () => {
    const { store, put } = makeStore(4_000);
    expect(put('a', 1_000)).toBeDefined();
    expect(put('a', 10_000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.totalBytes).toBe(0);
  });

  it('caps absurd TTLs', () => {
    const { put } = makeStore(10_000, 60_000);
    const entry = put('a', 10, 365 * 24 * 3600_000);
    expect(entry?.expiresAt).toBe(1_000 + 60_000);
  });

  it('reports the servers whose entries changed', () => {
    const { store, put, changes } = makeStore(10_000);
    put('a', 10, 1000, 'one');
    put('b', 10, 1000, 'two');
    store.deleteWhere(e => e.serverId === 'two');
    expect(changes).toEqual([['one'], ['two'], ['two']]);
  });

  it('serialises a deferred value once: on the next turn, or on an earlier read; the budget counts its text from then', async () => {
    const { store } = makeStore(2_000);
    let serialised = 0;
    const page = { resources: [{ uri: 'ref://a', name: 'x'.repeat(900) }] };
    const text = JSON.stringify(page);
    const putPage = (params: string) =>
      store.put({
        key: entryKey('id', 'p', 'resources/list', params),
        identity: 'id',
        serverId: 's1',
        writerPrincipal: '',
        method: 'resources/list',
        params,
        partition: 'p',
        scope: 'public',
        value: { serialize: () => (serialised++, text) },
        expiresAt: 60_000
      });
    const first = putPage('');
    expect(serialised).toBe(0);
    expect(store.totalBytes).toBeLessThan(text.length);
    expect(JSON.parse(first!.value)).toEqual(page); // read before the next turn
    expect(serialised).toBe(1);
    expect(store.totalBytes).toBeGreaterThanOrEqual(text.length);
    const second = putPage('cursor');
    await new Promise(resolve => setImmediate(resolve));
    expect(serialised).toBe(2);
    expect(JSON.parse({ ...second! }.value)).toEqual(page);
    expect(serialised).toBe(2);
    // Both texts do not fit the 2,000-byte budget once counted: the older page is evicted.
    expect(store.all().map(e => e.params)).toEqual(['cursor']);
    expect(store.totalBytes).toBeLessThanOrEqual(2_000);
  });

  it('keeps a text made in parts as its parts until read, counting their bytes; a read gives the whole text', async () => {
    const { store } = makeStore(10_000);
    const parts = ['{"resources":[', '{"name":"é"}', ',', '{"name":"b"}', ']}'];
    const entry = store.put({
      key: entryKey('id', 'p', 'resources/list', ''),
      identity: 'id',
      serverId: 's1',
      writerPrincipal: '',
      method: 'resources/list',
      params: '',
      partition: 'p',
      scope: 'public',
      value: { serialize: () => parts },
      expiresAt: 60_000
    });
    const before = store.totalBytes;
    await new Promise(resolve => setImmediate(resolve));
    // Counted in UTF-8 bytes: the é is two.
    expect(store.totalBytes - before).toBe(parts.join('').length + 1);
    expect(entry!.value).toBe(parts.join(''));
    expect(JSON.parse(entry!.value)).toEqual({ resources: [{ name: 'é' }, { name: 'b' }] });
  });

  it('never counts the text of an entry dropped before it was serialised', async () => {
    const { store, put } = makeStore(50_000);
    const key = entryKey('id', 'p', 'resources/list', '');
    store.put({ key, identity: 'id', serverId: 's1', writerPrincipal: '', method: 'resources/list', params: '', partition: 'p', scope: 'public', value: { serialize: () => 'x'.repeat(5_000) }, expiresAt: 60_000 });
    store.delete(key);
    await new Promise(resolve => setImmediate(resolve));
    expect(store.totalBytes).toBe(0);
    put('a', 100);
    expect(store.totalBytes).toBeGreaterThan(100);
  });

  it('drops a deferred text larger than the whole budget on its own, keeping every other entry', async () => {
    const { store, put } = makeStore(10_000);
    for (const name of ['a', 'b', 'c']) put(name, 1_000);
    const key = entryKey('id', 'p', 'resources/list', '');
    store.put({ key, identity: 'id', serverId: 's1', writerPrincipal: '', method: 'resources/list', params: '', partition: 'p', scope: 'public', value: { serialize: () => 'x'.repeat(50_000) }, expiresAt: 60_000 });
    await new Promise(resolve => setImmediate(resolve));
    expect(store.all().map(e => e.params)).toEqual(['a', 'b', 'c']);
    expect(store.peek(key)).toBeUndefined();
    expect(store.totalBytes).toBeLessThan(10_000);
  });
});

describe('entry freshness', () => {
  it('is fresh until its expiry; one without an expiry never is, and shows as expired when stored', () => {
    expect(isFresh({ expiresAt: 2_000 }, 1_999)).toBe(true);
    expect(isFresh({ expiresAt: 2_000 }, 2_000)).toBe(false);
    expect(isFresh({}, 0)).toBe(false);
    expect(expiryOf({ expiresAt: 2_000, storedAt: 1_000 })).toBe(2_000);
    expect(expiryOf({ storedAt: 1_000 })).toBe(1_000);
  });
});
