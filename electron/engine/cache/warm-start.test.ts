// The warm-start file written in chunks from list pages kept in parts: it must read back as the same entries, every
// character of the pages intact (quotes, escapes, non-Latin text, the line separators JSON allows raw).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../event-bus';
import { createCache } from './index';
import { jsonParts } from '../json-parts';
import { entryKey, pagePartition } from './keys';
import { ResponseStore } from './response-store';
import { WarmStart } from './warm-start';
import { putListPage } from '../../../test-support/cache/list-pages';

const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const newStore = () => new ResponseStore({ budgetBytes: 64 * 1024 * 1024, maxTtlMs: 3_600_000, now: () => 1_000, onChange: () => undefined });
const page = (n: number, cursor: string) => ({
  resources: Array.from({ length: 700 }, (_, i) => ({ uri: `ref://p${n}/${i}`, name: `"quoted" \\ é ✓ 中文 \u2028 ${i}`, size: i })),
  ...(cursor && { nextCursor: cursor })
});

describe('WarmStart', () => {
  it('writes pages kept in parts and reads them back whole', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'warm-start-'));
    dirs.push(dir);
    const file = path.join(dir, 'cache', 'warm.json');
    const store = newStore();
    const pages = [page(1, 'c2'), page(2, 'c3'), page(3, '')];
    pages.forEach((value, n) =>
      store.put({
        key: entryKey('ident', pagePartition(''), 'resources/list', n === 0 ? '' : `c${n + 1}`),
        identity: 'ident',
        serverId: 'ref',
        writerPrincipal: '',
        method: 'resources/list',
        params: n === 0 ? '' : `c${n + 1}`,
        partition: pagePartition(''),
        scope: 'public',
        value: { serialize: () => jsonParts(value) },
        expiresAt: 60_000
      })
    );
    expect(store.all()[0].valueParts?.length).toBeGreaterThan(1);
    await new WarmStart(file, store).save();

    const written = JSON.parse(await readFile(file, 'utf8')) as { version: number; entries: { params: string; value: string }[] };
    expect(written.entries.map(e => JSON.parse(e.value) as unknown)).toEqual(pages);
    const restored = newStore();
    expect(await new WarmStart(file, restored).load()).toBe(3);
    expect(restored.all().map(e => [e.params, JSON.parse(e.value) as unknown])).toEqual(store.all().map((e, n) => [e.params, pages[n]]));
  });
});

describe('leftover temp files', () => {
  it("removes the temp file of a save cut short, keeping one whose process still runs", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'warm-start-'));
    dirs.push(dir);
    // A process that has ended: its id names a save that will never finish.
    const ended = spawn(process.execPath, ['-e', '']);
    const deadPid = ended.pid!;
    await new Promise(resolve => ended.once('exit', resolve));
    const file = path.join(dir, 'warm.json');
    const names = [`warm.json.${deadPid}.tmp`, `warm.json.${process.pid}.tmp`, `warm.json.${process.ppid}.tmp`, 'warm.json.notes.tmp', 'other.json.1.tmp'];
    for (const name of names) await writeFile(path.join(dir, name), 'x'.repeat(1000));
    expect(await new WarmStart(file, newStore()).load()).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(names.filter(name => name !== `warm.json.${deadPid}.tmp`).sort());
  });
});

describe('the warm-start file cap', () => {
  it('takes whole lists, most recently used first, skipping one that does not fit whole', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'warm-start-'));
    dirs.push(dir);
    const file = path.join(dir, 'warm.json');
    const store = newStore();
    const putPage = (list: string, cursor: string, next: string, items: number) =>
      putListPage(store, list, cursor, JSON.stringify({ resources: Array.from({ length: items }, (_, i) => ({ uri: `ref://${list}/${cursor}/${i}`, name: `${i}` })), ...(next && { nextCursor: next }) }));
    putPage('small', '', 'c2', 10);
    putPage('small', 'c2', '', 10);
    putPage('large', '', 'c2', 600);
    putPage('large', 'c2', '', 600);
    putPage('medium', '', 'c2', 100);
    putPage('medium', 'c2', '', 100);
    const bytesOf = (list: string) => store.all().filter(e => e.identity === list).reduce((sum, e) => sum + e.size, 0);
    // Room for the medium and small lists and half the large one: the large one is left out whole.
    await new WarmStart(file, store, bytesOf('medium') + bytesOf('small') + bytesOf('large') / 2).save();
    const written = JSON.parse(await readFile(file, 'utf8')) as { entries: { identity: string; params: string }[] };
    expect(written.entries.map(e => `${e.identity}:${e.params}`)).toEqual(['small:', 'small:c2', 'medium:', 'medium:c2']);
  });
});

describe('the warm-start save', () => {
  it('is not scheduled by restoring the file, and is by a change after it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'warm-start-'));
    dirs.push(dataDir);
    const first = createCache({ bus: new EventBus(), dataDir });
    first.port.storeFor('s1');
    await first.port.page('s1', 'resources/list', undefined, 'use', async () => ({ resources: [{ uri: 'ref://a', name: 'a' }], ttlMs: 60_000, cacheScope: 'public' }));
    await first.close();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const save = vi.spyOn(WarmStart.prototype, 'save');
    const second = createCache({ bus: new EventBus(), dataDir });
    expect(await second.loadWarm()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(save).not.toHaveBeenCalled();

    second.port.storeFor('s2');
    await second.port.page('s2', 'prompts/list', undefined, 'use', async () => ({ prompts: [], ttlMs: 60_000, cacheScope: 'public' }));
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    await save.mock.results[0].value;
  });

  it('is not scheduled by a change after the cache closed: a reply that lands while the servers stop', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'warm-start-'));
    dirs.push(dataDir);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const save = vi.spyOn(WarmStart.prototype, 'save');
    const cache = createCache({ bus: new EventBus(), dataDir });
    cache.port.storeFor('s1');
    await cache.close();
    expect(save).toHaveBeenCalledTimes(1);
    // Saved 2 s later, this once wrote into a data dir its owner had removed by then (a bench's, a test's), or over
    // the file of the engine that followed on it.
    await cache.port.page('s1', 'resources/list', undefined, 'use', async () => ({ resources: [{ uri: 'ref://late', name: 'late' }], ttlMs: 60_000, cacheScope: 'public' }));
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
