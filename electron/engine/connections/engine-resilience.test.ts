// Failure handling against real processes: a crashing server next to a healthy one, request
// timeouts and cancellation (on a server paused with SIGSTOP or a slow resource), oversized
// messages and contents, and cancelling a large listing.
import { afterAll, describe, expect, it } from 'vitest';
import type { ListResult, ResourceItem, ServerState } from '../../../shared/contract';
import { cleanup, crashingStdio, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { referenceServerEntry } from '../config/default-server';

afterAll(cleanup);

describe('isolation', () => {
  it('keeps a healthy server working while a broken one fails and retries with backoff', async () => {
    const engine = await engineWith({ good: referenceServerEntry(['--resources', '20']), bad: crashingStdio('fatal: missing API key') });
    const attempts: number[] = [];
    engine.bus.on('serverState', s => s.id === 'bad' && attempts.push(s.reconnectAttempt));
    const failed = await statusOf(engine, 'bad', 'error');
    expect(failed.lastError).toMatchObject({ code: 'transport', message: expect.stringMatching(/missing API key/) });
    expect(failed.nextRetryAt).toBeGreaterThan(Date.now() - 1000);
    await statusOf(engine, 'good', 'connected');
    const list = (await engine.host.dispatch('resources.list', { serverId: 'good' })) as ListResult<ResourceItem>;
    expect(list.items.length).toBeGreaterThanOrEqual(20);
    // The broken one retried on its own, with growing attempt numbers (until it counted as a crash loop:
    // crash-loop.test.ts).
    await expect.poll(() => Math.max(...attempts), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(engine.registry.get('bad').snapshot().status).toMatch(/error|reconnecting/);
    expect(engine.registry.get('good').snapshot().status).toBe('connected');
    await expect(engine.host.dispatch('resources.list', { serverId: 'bad' })).rejects.toMatchObject({ error: { code: 'transport' } });
  });
  it('with reconnect off, a failed server stays in error until asked to reconnect (the CLI\'s one-shot runs)', async () => {
    const engine = await engineWith({ bad: crashingStdio('fatal: missing API key') }, { reconnect: false, backoff: { baseMs: 50, capMs: 50 } });
    const failed = await statusOf(engine, 'bad', 'error');
    // Attempts after the first one failed (the engine starts its servers in the turns after it is made).
    const attempts: string[] = [];
    engine.bus.on('serverState', s => s.id === 'bad' && attempts.push(s.status));
    expect(failed.lastError).toMatchObject({ code: 'transport', message: expect.stringMatching(/missing API key/) });
    expect(failed.nextRetryAt).toBeUndefined();
    // With retries on, a 50 ms backoff would have started several attempts by now.
    await new Promise(r => setTimeout(r, 1_000));
    expect(attempts.filter(s => s === 'connecting' || s === 'reconnecting')).toEqual([]);
    expect(engine.registry.get('bad').snapshot()).toMatchObject({ status: 'error', reconnectAttempt: 0 });
    // An explicit reconnect still tries (and fails the same way).
    await engine.host.dispatch('servers.reconnect', { serverId: 'bad' }).catch(() => undefined);
    await statusOf(engine, 'bad', 'error');
    expect(attempts.some(s => s === 'connecting' || s === 'reconnecting')).toBe(true);
  });
  it('with reconnect off, a server lost after connecting goes to error, not reconnecting, and is not restarted', async () => {
    // The 50 ms backoff is there so that a retry, if one were scheduled, would show within the wait below.
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '5']) }, { reconnect: false, backoff: { baseMs: 50, capMs: 50 } });
    await statusOf(engine, 'ref', 'connected');
    const pid = engine.registry.details('ref').pid as number;
    const statuses: string[] = [];
    engine.bus.on('serverState', s => s.id === 'ref' && statuses.push(s.status));
    process.kill(pid, 'SIGKILL');
    const lost = await statusOf(engine, 'ref', 'error');
    expect(lost.lastError?.message).toMatch(/Connection lost/);
    expect(lost.nextRetryAt).toBeUndefined();
    await new Promise(r => setTimeout(r, 1_000));
    expect(statuses.filter(s => s !== 'error')).toEqual([]);
    expect(engine.registry.details('ref').pid).toBeUndefined(); // no new process was started
  });
});

describe('timeouts and cancellation', () => {
  it('times out a request to a stalled server and recovers when it resumes', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '5']) }, { requestTimeoutMs: 2000 });
    await statusOf(engine, 'ref', 'connected');
    const pid = engine.registry.details('ref').pid as number;
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      await expect(engine.host.dispatch('resources.list', { serverId: 'ref' })).rejects.toMatchObject({ error: { code: 'timeout' } });
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // The resumed server first works through its backlog; on a busy machine that can take a moment.
    await expect
      .poll(() => engine.host.dispatch('resources.list', { serverId: 'ref', cacheMode: 'bypass' }).then(() => 'ok', () => 'failed'), { timeout: 20_000, interval: 100 })
      .toBe('ok');
    expect(engine.registry.get('ref').snapshot()).toMatchObject({ status: 'connected', reconnectAttempt: 0 });
  });

  it('cancels a slow read by requestId and keeps the connection', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '5', '--slow-ms', '10000']) });
    await statusOf(engine, 'ref', 'connected');
    const started = Date.now();
    const slow = engine.host.dispatch('resources.read', { serverId: 'ref', uri: 'ref://errors/slow', requestId: 'r-slow' });
    await new Promise(r => setTimeout(r, 300));
    await expect(engine.host.dispatch('request.cancel', { requestId: 'r-slow' })).resolves.toEqual({ cancelled: true });
    await expect(slow).rejects.toMatchObject({ error: { code: 'cancelled' } });
    // Well before the 10 s the slow read takes: the cancel ended it (with room for a loaded machine).
    expect(Date.now() - started).toBeLessThan(7000);
    await expect(engine.host.dispatch('request.cancel', { requestId: 'r-slow' })).resolves.toEqual({ cancelled: false });
    await expect(engine.host.dispatch('resources.list', { serverId: 'ref' })).resolves.toMatchObject({ serverId: 'ref' });
  });
});

// The full listing of 200 pages over stdio took 28 s on a loaded 2-core machine (with the cancelled listing
// after it, past the 30 s default): a generous limit, as the time is measured and printed, not asserted.
describe('listing at scale', { timeout: 120_000 }, () => {
  it('streams 20,000 resources in 200 pages, and a cancelled listing stops between pages', async () => {
    const engine = await engineWith({ big: referenceServerEntry(['--resources', '20000', '--page-size', '100']) });
    await statusOf(engine, 'big', 'connected');
    const started = Date.now();
    let events = 0;
    let streamed = 0;
    let lastPage = 0;
    const off = engine.bus.on('listProgress', p => {
      if (p.requestId !== 'full') return;
      events++;
      streamed += p.items.count;
      lastPage = p.page;
    });
    const list = (await engine.host.dispatch('resources.list', { serverId: 'big', requestId: 'full', cacheMode: 'bypass' })) as ListResult<ResourceItem>;
    off();
    const elapsed = Date.now() - started;
    expect(list.items.length).toBeGreaterThanOrEqual(20_000);
    expect(list.pages).toBeGreaterThanOrEqual(200);
    // Pages go out grouped: every item and the last page arrive, never in more events than pages. Grouping is by
    // time (a page waits at most 100 ms for others; the rule itself is shown with a fake clock in
    // progress-batch.test.ts), so fewer events than pages is only expected where pages come faster than that,
    // which a loaded machine may not give.
    expect(streamed).toBe(list.items.length);
    expect(lastPage).toBe(list.pages);
    expect(events).toBeLessThanOrEqual(list.pages);
    if (elapsed / list.pages < 50) expect(events).toBeLessThan(list.pages);
    else console.info(`[measure] grouping not checked: ${Math.round(elapsed / list.pages)} ms per page is slower than the grouping interval`);
    console.info(`[measure] listed ${list.items.length} resources in ${list.pages} pages over stdio in ${elapsed} ms`);

    let pagesSeen = 0;
    const stop = engine.bus.on('listProgress', p => {
      if (p.requestId !== 'partial') return;
      // The first page goes out alone and at once: cancel there.
      if (p.page === 1) void engine.host.dispatch('request.cancel', { requestId: 'partial' });
      pagesSeen = p.page;
    });
    await expect(engine.host.dispatch('resources.list', { serverId: 'big', requestId: 'partial', cacheMode: 'bypass' })).rejects.toMatchObject({ error: { code: 'cancelled' } });
    stop();
    expect(pagesSeen).toBeLessThan(10);
  });
});

describe('size limits', () => {
  it('refuses an oversized stdio message with too_large and keeps the connection (same process)', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '200', '--page-size', '200']) }, { limits: { maxMessageBytes: 8 * 1024 } });
    await statusOf(engine, 'ref', 'connected');
    const pid = engine.registry.details('ref').pid;
    await expect(engine.host.dispatch('resources.list', { serverId: 'ref', cacheMode: 'bypass' })).rejects.toMatchObject({ error: { code: 'too_large' } });
    const state = engine.registry.get('ref').snapshot() as ServerState;
    expect(state.status).toBe('connected');
    expect(engine.registry.details('ref').pid).toBe(pid);
    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri: 'ref://catalog/0' })).resolves.toMatchObject({ uri: 'ref://catalog/0' });
  });

  it('refuses a content item over the content limit with too_large', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(['--resources', '5']) }, { limits: { maxContentBytes: 4 } });
    await statusOf(engine, 'ref', 'connected');
    await expect(engine.host.dispatch('resources.read', { serverId: 'ref', uri: 'ref://catalog/0' })).rejects.toMatchObject({
      error: { code: 'too_large', data: { uri: 'ref://catalog/0', limit: 4 } }
    });
  });
});
