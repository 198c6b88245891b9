// The engine against real reference-server processes over stdio: both eras, verdict reuse and
// re-probing, listing with progress, reads, error mapping, and reconnect after kill -9.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListResult, ReadResult, ResourceItem, ServerDetails } from '../../../shared/contract';
import { isRunning } from '../../../test-support/processes';
import { cleanup, engineWith, nextEvent, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { slowFirstStart } from '../../../test-support/engine/server-wrappers';
import { referenceServerEntry } from '../config/default-server';
import { configFingerprint } from './verdict-store';

afterAll(cleanup);

describe('start', () => {
  it('hands the engine back before spawning any server, then starts them all (one per turn of the event loop)', async () => {
    const engine = await engineWith({ a: referenceServerEntry(['--resources', '10']), b: referenceServerEntry(['--resources', '10']) });
    // Nothing spawned yet: the host's window or URL does not wait behind the servers' spawns.
    expect(engine.registry.list().map(s => s.status)).toEqual(['disconnected', 'disconnected']);
    expect(engine.registry.details('a').pid).toBeUndefined();
    await statusOf(engine, 'a', 'connected');
    await statusOf(engine, 'b', 'connected');
  });

  it('connects only `start.concurrency` servers at once: the next spawns once one is connected', async () => {
    const engine = await engineWith(
      { a: referenceServerEntry(['--resources', '10']), b: referenceServerEntry(['--resources', '10']) },
      { start: { concurrency: 1 } }
    );
    // Both are shown as waiting for their turn (not merely "disconnected") until each starts.
    expect(engine.registry.list().map(s => [s.status, s.startQueued])).toEqual([
      ['disconnected', true],
      ['disconnected', true]
    ]);
    const seen: string[] = [];
    const off = engine.bus.on('serverState', s => seen.push(`${s.id}:${s.status}${s.startQueued ? ':queued' : ''}`));
    await statusOf(engine, 'b', 'connected');
    off();
    expect(seen.filter(s => s.includes(':connecting') || s.includes(':connected'))).toEqual(['a:connecting', 'a:connected', 'b:connecting', 'b:connected']);
    expect(engine.registry.get('b').snapshot().startQueued).toBeUndefined();
  });
});

describe('start on a warm launch (first-screen-hold.ts)', () => {
  const three = () => Object.fromEntries(['a', 'b', 'c'].map(id => [id, referenceServerEntry(['--resources', '10'])]));

  /** A data dir whose warm-start file holds the three servers' lists: a first launch listed them, then closed. */
  async function warmDataDir(): Promise<string> {
    const dataDir = await tempDir('engine-first-screen-');
    const first = await engineWith(three(), { dataDir });
    for (const id of ['a', 'b', 'c']) {
      await statusOf(first, id, 'connected');
      await first.host.dispatch('resources.list', { serverId: id });
    }
    await first.close();
    return dataDir;
  }

  it('holds local servers until the page has drawn its last known lists, then starts them', async () => {
    const dataDir = await warmDataDir();
    const engine = await engineWith(three(), { dataDir, start: { concurrency: 2 }, firstScreenHoldMs: 60_000 });
    // The page's first screen is answered while nothing boots.
    expect(await engine.host.dispatch('resources.lastKnown', { serverId: 'a' })).not.toBeNull();
    await new Promise(resolve => setTimeout(resolve, 300));
    expect(engine.registry.list().map(s => [s.status, s.startQueued])).toEqual([
      ['disconnected', true],
      ['disconnected', true],
      ['disconnected', true]
    ]);
    expect(await engine.host.dispatch('app.firstScreenShown', {})).toEqual({ released: true });
    await Promise.all(['a', 'b', 'c'].map(id => statusOf(engine, id, 'connected')));
    // Said again (another tab), it changes nothing.
    expect(await engine.host.dispatch('app.firstScreenShown', {})).toEqual({ released: false });
  });

  it('starts them after `firstScreenHoldMs` when no page says so', async () => {
    const dataDir = await warmDataDir();
    const engine = await engineWith(three(), { dataDir, start: { concurrency: 2 }, firstScreenHoldMs: 1_500 });
    await new Promise(resolve => setTimeout(resolve, 300));
    expect(engine.registry.list().every(s => s.status === 'disconnected' && s.startQueued)).toBe(true);
    await Promise.all(['a', 'b', 'c'].map(id => statusOf(engine, id, 'connected')));
  });

  it('holds nothing on a first launch, nor for as few local servers as boot at once', async () => {
    const first = await engineWith(three(), { start: { concurrency: 2 }, firstScreenHoldMs: 60_000 });
    await Promise.all(['a', 'b', 'c'].map(id => statusOf(first, id, 'connected')));
    expect(await first.host.dispatch('app.firstScreenShown', {})).toEqual({ released: false });
    const dataDir = await warmDataDir();
    const few = await engineWith(three(), { dataDir, start: { concurrency: 3 }, firstScreenHoldMs: 60_000 });
    await Promise.all(['a', 'b', 'c'].map(id => statusOf(few, id, 'connected')));
  });

  it('answers `app.launchSettled` once every local server has had its first attempt (launch-settled.ts)', async () => {
    const dataDir = await warmDataDir();
    const engine = await engineWith(three(), { dataDir, start: { concurrency: 2 }, firstScreenHoldMs: 60_000 });
    const statusesWhenAnswered = engine.host.dispatch('app.launchSettled', {}).then(answer => ({ answer, statuses: engine.registry.list().map(s => s.status) }));
    let answered = false;
    void statusesWhenAnswered.then(() => (answered = true));
    await new Promise(resolve => setTimeout(resolve, 300));
    // Held for the first screen: nothing has started, so nothing has settled.
    expect(answered).toBe(false);
    await engine.host.dispatch('app.firstScreenShown', {});
    expect(await statusesWhenAnswered).toEqual({ answer: { allStarted: true }, statuses: ['connected', 'connected', 'connected'] });
    // Asked again (a reloaded page), it answers at once.
    expect(await engine.host.dispatch('app.launchSettled', {})).toEqual({ allStarted: true });
  });

  it('stops waiting for the launch after `launchSettledMaxMs`, and a host without starts has nothing to wait for', async () => {
    const dataDir = await warmDataDir();
    const held = await engineWith(three(), { dataDir, start: { concurrency: 2 }, firstScreenHoldMs: 60_000, launchSettledMaxMs: 300 });
    expect(await held.host.dispatch('app.launchSettled', {})).toEqual({ allStarted: false });
    expect(held.registry.list().every(s => s.startQueued)).toBe(true);
    const cli = await engineWith(three(), { dataDir, autoConnect: false, launchSettledMaxMs: 60_000 });
    expect(await cli.host.dispatch('app.launchSettled', {})).toEqual({ allStarted: true });
  });

  it('holds nothing for a host that connects on first use (the CLI): it has no first screen', async () => {
    const dataDir = await warmDataDir();
    const cli = await engineWith(three(), { dataDir, autoConnect: false, start: { concurrency: 2 }, firstScreenHoldMs: 60_000 });
    expect(await cli.host.dispatch('app.firstScreenShown', {})).toEqual({ released: false });
    // Its last known lists are still answered, made when asked.
    expect(await cli.host.dispatch('resources.lastKnown', { serverId: 'a' })).not.toBeNull();
  });
});

describe('stdio, modern era', () => {
  it('connects, lists every page with progress, reads, and maps not-found and internal errors', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '120', '--page-size', '25']) });
    const state = await statusOf(engine, 'ref', 'connected');
    expect(state).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', transport: 'stdio', reconnectAttempt: 0 });

    const pages: number[] = [];
    const off = engine.bus.on('listProgress', p => p.requestId === 'l1' && pages.push(p.items.count));
    const list = (await engine.host.dispatch('resources.list', { serverId: 'ref', requestId: 'l1' })) as ListResult<ResourceItem>;
    off();
    expect(list.items.length).toBeGreaterThanOrEqual(120);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.length).toBeLessThanOrEqual(list.pages);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(list.items.length);
    expect(new Set(list.items.map(i => i.uri)).size).toBe(list.items.length);

    // As the picker lists: the items only in the events, the reply saying how many there were.
    let streamedItems = 0;
    const offStream = engine.bus.on('listProgress', p => p.requestId === 's1' && (streamedItems += p.items.count));
    const streamOnly = (await engine.host.dispatch('resources.list', { serverId: 'ref', requestId: 's1', streamOnly: true, cacheMode: 'bypass' })) as ListResult<ResourceItem>;
    offStream();
    expect(streamOnly.items).toEqual([]);
    // The server's ephemeral resource may come or go between the two listings.
    expect(Math.abs((streamOnly.streamed ?? 0) - list.items.length)).toBeLessThanOrEqual(1);
    expect(streamedItems).toBe(streamOnly.streamed);

    const catalogItem = list.items.find(i => i.uri.startsWith('ref://catalog/')) as ResourceItem;
    const read = (await engine.host.dispatch('resources.read', { serverId: 'ref', uri: catalogItem.uri })) as ReadResult;
    expect(read.contents.length).toBeGreaterThan(0);
    expect(read.contents[0].uri).toBe(catalogItem.uri);

    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri: 'ref://no/such/thing' })).rejects.toMatchObject({
      error: { code: 'not_found', rpcCode: -32602, data: { uri: 'ref://no/such/thing' } }
    });
    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri: 'ref://errors/failing' })).rejects.toMatchObject({
      error: { code: 'internal', rpcCode: -32603 }
    });
    const details = (await engine.host.dispatch('servers.details', { serverId: 'ref' })) as ServerDetails;
    expect(details.handshake).toMatchObject({ capabilities: expect.any(Object) });
    expect(details.eraVerdict?.source).toBe('probe');
  });

  it('rejects bad params and unknown servers with typed errors', async () => {
    const engine = await engineWith({});
    await expect(engine.host.dispatch('resources.read', { serverId: 'x' })).rejects.toMatchObject({ error: { code: 'invalid_params', message: expect.stringMatching(/uri/) } });
    await expect(engine.host.dispatch('resources.list', { serverId: 'nope' })).rejects.toMatchObject({ error: { code: 'unknown_server' } });
    await expect(engine.host.dispatch('no.such.method', {})).rejects.toMatchObject({ error: { code: 'unsupported' } });
  });
});

// Two or three engine starts per test, each spawning the server: generous on a loaded
// machine, where one connect went past the 20 s wait and a test past the 30 s default; time is not what these
// tests check.
const CONNECT_MS = 60_000;
describe('stdio, legacy era and verdicts', { timeout: 150_000 }, () => {
  it('falls back to 2025-11-25, saves the verdict, and reuses it through prior', async () => {
    const dataDir = await tempDir();
    const servers = { old: referenceServerEntry(['--era', 'legacy', '--resources', '10']) };
    const first = await engineWith(servers, { dataDir });
    expect(await statusOf(first, 'old', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(first.registry.details('old').eraVerdict?.source).toBe('probe');
    const list = (await first.host.dispatch('resources.list', { serverId: 'old' })) as ListResult<ResourceItem>;
    expect(list.items.length).toBeGreaterThanOrEqual(10);
    await first.close();

    const saved = JSON.parse(await readFile(join(dataDir, 'verdicts.json'), 'utf8'));
    expect(saved.old).toMatchObject({ prior: { kind: 'legacy' }, transport: 'stdio' });

    const second = await engineWith(servers, { dataDir });
    expect(await statusOf(second, 'old', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy' });
    expect(second.registry.details('old').eraVerdict?.source).toBe('prior');
  });

  it('does not save a legacy verdict when a modern server only failed to answer the probe in time; the next launch probes again', async () => {
    const dataDir = await tempDir();
    // The first start of this server runs it only after 5 s, as a first `npx` download or a loaded machine would:
    // the probe (4 s) goes unanswered, and the 2025 handshake follows in the same process. Later starts run at once.
    const servers = { slow: slowFirstStart(referenceServerEntry(['--resources', '10']), join(dataDir, 'starts'), 5_000) };

    const first = await engineWith(servers, { dataDir, connectTimeoutMs: 4_000 });
    expect(await statusOf(first, 'slow', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy' });
    await first.close();
    const saved = JSON.parse(await readFile(join(dataDir, 'verdicts.json'), 'utf8').catch(() => '{}')) as Record<string, unknown>;
    expect(saved.slow).toBeUndefined();

    const second = await engineWith(servers, { dataDir, connectTimeoutMs: 4_000 });
    expect(await statusOf(second, 'slow', 'connected', CONNECT_MS)).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(second.registry.details('slow').eraVerdict?.source).toBe('probe');
  });

  it('re-probes when a saved modern verdict no longer fits the server', async () => {
    const dataDir = await tempDir();
    const modern = await engineWith({ m: referenceServerEntry(['--resources', '5']) }, { dataDir });
    await statusOf(modern, 'm', 'connected', CONNECT_MS);
    await modern.close();
    // Pretend the server was downgraded: the modern verdict now belongs to a legacy-only server.
    const legacyEntry = referenceServerEntry(['--era', 'legacy', '--resources', '5']);
    const verdicts = JSON.parse(await readFile(join(dataDir, 'verdicts.json'), 'utf8'));
    verdicts.m.fingerprint = configFingerprint(legacyEntry);
    await writeFile(join(dataDir, 'verdicts.json'), JSON.stringify(verdicts));

    const engine = await engineWith({ m: legacyEntry }, { dataDir });
    expect(await statusOf(engine, 'm', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy' });
    expect(engine.registry.details('m').eraVerdict?.source).toBe('probe');
    // Written behind the connection (a connection does not wait for the disk): looked for until it is there.
    const savedPrior = async () => (JSON.parse(await readFile(join(dataDir, 'verdicts.json'), 'utf8')) as { m: { prior: unknown } }).m.prior;
    await expect.poll(savedPrior, { timeout: 10_000 }).toEqual({ kind: 'legacy' });
  });
});

describe('resilience over stdio', () => {
  it('reconnects after kill -9 of the server process (reconnecting, then connected) and kills it on close', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '5']) });
    await statusOf(engine, 'ref', 'connected');
    const pid = engine.registry.details('ref').pid as number;
    expect(isRunning(pid)).toBe(true);

    const seen: string[] = [];
    const off = engine.bus.on('serverState', s => s.id === 'ref' && seen.push(s.status));
    const back = nextEvent(engine.bus, 'serverState', s => s.id === 'ref' && s.status === 'connected');
    process.kill(pid, 'SIGKILL');
    await back;
    off();
    expect(seen[0]).toBe('reconnecting');
    expect(seen.at(-1)).toBe('connected');
    const details = engine.registry.details('ref');
    expect(details.pid).not.toBe(pid);
    expect(details.reconnectHistory).toEqual([expect.objectContaining({ attempt: 1, reason: expect.stringMatching(/process exited/) })]);
    // Backoff resets only after the stable period (crashLoop.stableMs), not on the handshake itself.
    expect(details.reconnectAttempt).toBe(1);
    // Still fully usable, and the reconnect reused the saved verdict instead of probing again.
    expect(details.eraVerdict?.source).toBe('prior');
    await expect(engine.host.dispatch('resources.list', { serverId: 'ref' })).resolves.toMatchObject({ serverId: 'ref' });
    // Closing the engine stops the server process it started (its clean shutdown can take a moment on a
    // loaded machine, so the exit is waited for, not assumed after a fixed pause).
    await engine.close();
    await expect.poll(() => isRunning(details.pid as number), { timeout: 10_000 }).toBe(false);
  });
});
