// The log's bookkeeping, driven through a real (in-process, linked) SDK transport pair: frames really
// cross a transport; only the wire is in memory. Tap tests over stdio and HTTP are in tap.test.ts.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../shared/contract';
import { EventBus } from '../event-bus';
import { ProtocolLog } from './protocol-log';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

/** A tapped client-side end and the raw server-side end of a linked pair, both started. */
async function tappedPair(log: ProtocolLog, serverId = 'srv', onUnmatched?: (id: string | number) => void) {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const client = log.tap(clientEnd, serverId, onUnmatched);
  const received: JSONRPCMessage[] = [];
  const serverReceived: JSONRPCMessage[] = [];
  client.onmessage = message => received.push(message);
  serverEnd.onmessage = message => serverReceived.push(message);
  await client.start();
  await serverEnd.start();
  disposers.push(async () => {
    await client.close();
  });
  return { client, server: serverEnd, received, serverReceived };
}

function newLog(options: Partial<ConstructorParameters<typeof ProtocolLog>[0]> = {}) {
  const bus = new EventBus();
  const log = new ProtocolLog({ bus, flushMs: 5, ...options });
  disposers.push(async () => log.flush());
  return { bus, log };
}

const all = (log: ProtocolLog) => log.query({}).entries;

describe('ProtocolLog', () => {
  it('records both directions and pairs a request with its response, with latency', async () => {
    const { log } = newLog();
    const { client, server, received } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://a' } });
    await new Promise(resolve => setTimeout(resolve, 15));
    await server.send({ jsonrpc: '2.0', id: 1, result: { contents: [] } });

    expect(received).toHaveLength(1);
    const [request, response] = all(log);
    expect(request).toMatchObject({ direction: 'out', kind: 'request', method: 'resources/read', id: 1, serverId: 'srv' });
    expect(response).toMatchObject({ direction: 'in', kind: 'response', method: 'resources/read', id: 1, pairSeq: request.seq });
    expect(request.pairSeq).toBe(response.seq);
    expect(response.latencyMs).toBeGreaterThanOrEqual(10);
    expect(response.size).toBeGreaterThan(20);
  });

  it('marks a server answer that no request awaits, and pairs a numeric string as the SDK takes it', async () => {
    const { log } = newLog();
    const { client, server } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://a' } });
    await client.send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'test://b' } });
    // An id never sent, an answer to 1, the same answer again, and "2" for 2 (the SDK looks it up by Number(id)).
    await server.send({ jsonrpc: '2.0', id: 100_001, result: { contents: [] } });
    await server.send({ jsonrpc: '2.0', id: 1, result: { contents: [] } });
    await server.send({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'again' } });
    await server.send({ jsonrpc: '2.0', id: '2', result: { contents: [] } });
    const answers = all(log).filter(e => e.direction === 'in');
    expect(answers.map(e => [e.id, e.unmatched ?? false, e.pairSeq !== undefined])).toEqual([
      [100_001, true, false],
      [1, false, true],
      [1, true, false],
      ['2', false, true]
    ]);
    // "Errors only" keeps the unmatched answers beside the error responses.
    expect(log.query({ errorsOnly: true }).entries.map(e => e.id)).toEqual([100_001, 1]);
  });

  it('does not take an answer to a request sent while paused for an unmatched one', async () => {
    const { log } = newLog();
    const { client, server } = await tappedPair(log);
    log.setPaused(true);
    await client.send({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri: 'test://a' } });
    log.setPaused(false);
    await server.send({ jsonrpc: '2.0', id: 7, result: { contents: [] } });
    const [answer] = all(log);
    expect(answer).toMatchObject({ direction: 'in', id: 7 });
    expect(answer.unmatched).toBeUndefined();
  });

  it('tells the connection of every answer no request awaits, whether or not the log records it', async () => {
    const { log } = newLog();
    const told: (string | number)[] = [];
    const { client, server } = await tappedPair(log, 'srv', id => told.push(id));
    await client.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://a' } });
    await server.send({ jsonrpc: '2.0', id: 1, result: { contents: [] } });
    await server.send({ jsonrpc: '2.0', id: 'x-1', result: {} });
    log.setPaused(true);
    await client.send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'test://b' } });
    await server.send({ jsonrpc: '2.0', id: 2, result: { contents: [] } });
    await server.send({ jsonrpc: '2.0', id: 100_002, result: {} });
    expect(told).toEqual(['x-1', 100_002]);
    // Paused, nothing of it was recorded.
    expect(all(log).map(e => e.id)).toEqual([1, 1, 'x-1']);
  });

  it('pairs requests the server sends with the answers the client gives, separately from client ids', async () => {
    const { log } = newLog();
    const { client, server } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    await server.send({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'Passphrase?' } });
    await client.send({ jsonrpc: '2.0', id: 7, result: { action: 'decline' } });
    await server.send({ jsonrpc: '2.0', id: 7, result: {} });

    const [ping, elicit, answer, pong] = all(log);
    expect(answer).toMatchObject({ direction: 'out', kind: 'response', method: 'elicitation/create', pairSeq: elicit.seq });
    expect(pong).toMatchObject({ direction: 'in', method: 'ping', pairSeq: ping.seq });
  });

  it('redacts token fields in what it keeps (a server echoing one), not in what the client receives; error codes stay', async () => {
    const { log } = newLog();
    const { client, server, received } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { code: 'auth-code-1', Authorization: 'Bearer tok-1' } } });
    await server.send({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'ok' }], structuredContent: { access_token: 'tok-2', refresh_token: 'tok-3', code: 7 } } });
    await server.send({ jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'bad' } });

    const kept = JSON.stringify(all(log).map(entry => entry.message));
    for (const secret of ['auth-code-1', 'tok-1', 'tok-2', 'tok-3']) expect(kept).not.toContain(secret);
    expect(kept).toContain('"code":7');
    expect(kept).toContain('"code":-32602');
    expect(all(log)[1].message).toMatchObject({ result: { structuredContent: { access_token: '[redacted]', refresh_token: '[redacted]' } } });
    expect(received[0]).toMatchObject({ result: { structuredContent: { access_token: 'tok-2' } } });
  });

  it('marks error responses so they can be filtered', async () => {
    const { log } = newLog();
    const { client, server } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://missing' } });
    await server.send({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Resource not found', data: { uri: 'test://missing' } } });
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    const errors = log.query({ errorsOnly: true });
    expect(errors.total).toBe(1);
    expect(errors.entries[0]).toMatchObject({ kind: 'error', method: 'resources/read', direction: 'in' });
  });

  it('records cache hits as frame-less entries', () => {
    const { log } = newLog();
    log.recordCacheHit('srv', 'resources/read', { uri: 'test://static-text' });
    expect(all(log)).toEqual([
      expect.objectContaining({ direction: 'cache', kind: 'cache-hit', method: 'resources/read', message: { method: 'resources/read', params: { uri: 'test://static-text' } } })
    ]);
    expect(log.query({ direction: 'cache' }).total).toBe(1);
    expect(log.query({ direction: 'in' }).total).toBe(0);
  });

  it('records nothing while paused, but lets the frames through', async () => {
    const { log } = newLog();
    const { client, serverReceived } = await tappedPair(log);
    log.setPaused(true);
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    log.recordCacheHit('srv', 'resources/list', {});
    expect(serverReceived).toHaveLength(1);
    expect(log.query({})).toMatchObject({ entries: [], paused: true });
    log.setPaused(false);
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(all(log)).toHaveLength(1);
  });

  it('sends appended entries in one batched event', async () => {
    const { bus, log } = newLog({ flushMs: 20 });
    const batches: LogEntry[][] = [];
    bus.on('logAppended', ({ entries }) => batches.push(entries));
    const { server } = await tappedPair(log);
    for (let i = 0; i < 50; i++) await server.send({ jsonrpc: '2.0', method: 'notifications/message', params: { data: i } });
    expect(batches).toHaveLength(0);
    await new Promise(resolve => setTimeout(resolve, 60));
    expect(batches).toHaveLength(1);
    expect(batches[0].map(e => e.seq)).toEqual(all(log).map(e => e.seq));
  });

  it('keeps at most `cap` entries and says how many were dropped', async () => {
    const { bus, log } = newLog({ cap: 100 });
    const dropped: number[] = [];
    bus.on('logAppended', event => dropped.push(event.dropped));
    const { server } = await tappedPair(log);
    for (let i = 0; i < 250; i++) await server.send({ jsonrpc: '2.0', method: 'notifications/message', params: { data: i } });
    const page = log.query({});
    expect(page.entries).toHaveLength(100);
    expect(page.dropped).toBe(150);
    expect(page.entries[0].message).toMatchObject({ params: { data: 150 } });
    log.flush();
    expect(dropped.at(-1)).toBe(150);
    expect(log.setCap(300)).toEqual({ cap: 300, dropped: 150 });
  });

  it('keeps a trimmed copy of a frame too large to keep whole', async () => {
    const { log } = newLog({ maxEntryBytes: 10_000 });
    const { server, received } = await tappedPair(log);
    const blob = 'Q'.repeat(1_000_000);
    await server.send({ jsonrpc: '2.0', id: 1, result: { contents: [{ uri: 'test://big', blob }] } });
    const [entry] = all(log);
    expect(entry.truncated).toBe(true);
    expect(entry.size).toBeGreaterThan(1_000_000);
    expect(JSON.stringify(entry.message).length).toBeLessThan(10_000);
    expect(JSON.stringify(entry.message)).toContain('more characters not kept in the log');
    // What the client received is the real frame.
    expect(received[0]).toMatchObject({ result: { contents: [{ blob }] } });
  });

  it('counts a trimmed frame by what it keeps: a blob larger than the budget does not empty the log', async () => {
    const { log } = newLog({ byteBudget: 1_000_000 });
    const { client, server } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://big' } });
    await server.send({ jsonrpc: '2.0', id: 1, result: { contents: [{ uri: 'test://big', blob: 'Q'.repeat(5_000_000) }] } });
    expect(all(log).map(e => e.kind)).toEqual(['request', 'response']);
  });

  it('filters by server, method, direction and text, newest entries within the limit', async () => {
    const { log } = newLog();
    const a = await tappedPair(log, 'alpha');
    const b = await tappedPair(log, 'beta');
    await a.client.send({ jsonrpc: '2.0', id: 1, method: 'resources/list' });
    await a.client.send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'test://needle' } });
    await b.client.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://other' } });
    await b.server.send({ jsonrpc: '2.0', id: 1, result: { contents: [{ uri: 'test://other', text: 'NEEDLE inside' }] } });

    expect(log.query({ serverId: 'alpha' }).total).toBe(2);
    expect(log.query({ method: 'resources/read' }).total).toBe(3);
    expect(log.query({ direction: 'in' }).entries.map(e => e.serverId)).toEqual(['beta']);
    expect(log.query({ text: 'needle' }).entries.map(e => e.serverId)).toEqual(['alpha', 'beta']);
    const newest = log.query({ limit: 2 });
    expect(newest.total).toBe(4);
    expect(newest.entries.map(e => e.serverId)).toEqual(['beta', 'beta']);
    const after = log.query({ afterSeq: newest.entries[0].seq });
    expect(after.entries).toHaveLength(1);
  });

  it('clears one server or all of them', async () => {
    const { log } = newLog();
    const a = await tappedPair(log, 'alpha');
    const b = await tappedPair(log, 'beta');
    await a.client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await b.client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(log.clear('alpha')).toBe(1);
    expect(all(log).map(e => e.serverId)).toEqual(['beta']);
    expect(log.clear()).toBe(1);
    expect(all(log)).toEqual([]);
  });
});

/** A list page as a server sends it: `count` resources, ~75 B of JSON each. */
const listPage = (id: number, count: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  result: { resources: Array.from({ length: count }, (_, i) => ({ uri: `ref://item/${id}-${i}`, name: `Item ${i}`, mimeType: 'text/plain', size: i })), nextCursor: `after-${id}` }
});

describe('ProtocolLog, large frames', () => {
  it('sends a large frame whole, keeps it as text, and gives it back whole, searchable and paired', async () => {
    const { bus, log } = newLog({ quietMs: 10 });
    const appended: LogEntry[] = [];
    bus.on('logAppended', batch => appended.push(...batch.entries));
    const { client, server } = await tappedPair(log);
    await client.send({ jsonrpc: '2.0', id: 7, method: 'resources/list' });
    await server.send(listPage(7, 500));
    log.flush();
    await new Promise(resolve => setTimeout(resolve, 30));
    const [request, response] = all(log);
    expect(response.message).toEqual(listPage(7, 500));
    expect(response).toMatchObject({ kind: 'response', method: 'resources/list', pairSeq: request.seq });
    expect(request.pairSeq).toBe(response.seq);
    expect(appended[1].message).toEqual(listPage(7, 500));
    expect(log.query({ text: 'REF://ITEM/7-499' }).entries.map(e => e.seq)).toEqual([response.seq]);
    expect(log.query({ text: 'ref://item/7-500' }).total).toBe(0);
  });

  it.each([
    ['turned into text in quiet moments', 1],
    ['as they came, while frames keep coming', 60_000]
  ])('holds no more heap than its byte budget: large frames %s', async (_, quietMs) => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const budget = 8 * 1024 * 1024;
    const { bus, log } = newLog({ byteBudget: budget, quietMs, flushMs: 50 });
    // Frames turn into text before the flush timer would send them: the batch must still go out whole, first.
    let sentWithoutFrame = 0;
    bus.on('logAppended', batch => void (sentWithoutFrame += batch.entries.filter(e => e.message === undefined).length));
    // No test-side array keeps what arrives: the log is the only holder of the frames.
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const client = log.tap(clientEnd, 'srv');
    client.onmessage = () => undefined;
    await client.start();
    await serverEnd.start();
    disposers.push(() => client.close());
    const pages = 200;
    for (let id = 1; id <= pages; id++) {
      await serverEnd.send(listPage(id, 1000));
      // A quiet moment after each page: the log turns it into text.
      await new Promise(resolve => setTimeout(resolve, 3));
    }
    log.flush();
    const pageJson = JSON.stringify(listPage(pages, 1000)).length;
    expect(sentWithoutFrame).toBe(0);
    const kept = log.query({ limit: 1 }).total;
    expect(kept).toBeLessThan(pages);
    // Text costs 1 byte per byte of JSON, parsed objects 1.5 to 2.2: the same budget keeps more pages as text.
    if (quietMs === 1) expect(kept * pageJson).toBeGreaterThan(0.8 * budget);
    else expect(kept * pageJson).toBeLessThan(0.55 * budget);
    gc();
    const holding = process.memoryUsage().heapUsed;
    log.clear();
    gc();
    const held = holding - process.memoryUsage().heapUsed;
    expect(held).toBeLessThan(budget * 1.1);
  });
});

describe('tapTransport', () => {
  it('keeps a handler set on the raw transport before tapping, for the SDK to chain, and reports each frame once', async () => {
    const { log } = newLog();
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const observed: JSONRPCMessage[] = [];
    clientEnd.onmessage = message => observed.push(message);
    const tapped = log.tap(clientEnd, 'srv');
    // What Protocol.connect does: read the current handler and install one that chains it.
    const previous = tapped.onmessage;
    const sdkSeen: JSONRPCMessage[] = [];
    tapped.onmessage = message => {
      previous?.(message);
      sdkSeen.push(message);
    };
    await tapped.start();
    await serverEnd.start();
    await serverEnd.send({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 1 } });
    expect(observed).toHaveLength(1);
    expect(sdkSeen).toHaveLength(1);
    expect(all(log)).toHaveLength(1);
    await tapped.close();
  });
});
