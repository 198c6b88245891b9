// Flow control of the page's socket, over a real WebSocket whose reader is paused (a page too busy to read):
// the bridge coalesces state events to their latest value, drops the oldest protocol-log entries with a
// count, keeps undroppable frames (list pages, replies) whole and in order, and never closes the socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import type { EngineEvents, EngineHost, LogEntry } from '../../shared/contract';
import { EventBus } from '../engine/event-bus';
import { startBridge, type RunningBridge } from './server';

const bus = new EventBus();
const host: EngineHost = { dispatch: async (method, params) => ({ method, params }), subscribe: listener => bus.subscribe(listener) };

let rendererDir: string;
let bridge: RunningBridge;

beforeAll(async () => {
  rendererDir = await mkdtemp(path.join(tmpdir(), 'flow-test-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html>');
  bridge = await startBridge({ host, port: 0, rendererDir, socketHighWaterBytes: 64 * 1024 });
});

afterAll(async () => {
  await bridge?.close();
  await rm(rendererDir, { recursive: true, force: true });
});

const logEntry = (seq: number): LogEntry => ({ seq, serverId: 'flood', at: seq, direction: 'in', kind: 'notification', method: 'notifications/resources/updated', frame: { pad: 'x'.repeat(200) } }) as unknown as LogEntry;

describe('a page that reads slower than the engine emits', () => {
  it('gets the latest state per key, the newest log entries with a dropped count, every list page in order, and its reply', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/ws?token=${bridge.token}`, { origin: `http://127.0.0.1:${bridge.port}` });
    await new Promise(resolve => ws.once('open', resolve));
    const frames: { type: string; event?: string; payload?: unknown; id?: number }[] = [];
    let closed: number | undefined;
    ws.on('message', data => frames.push(JSON.parse(String(data))));
    ws.on('close', code => (closed = code));
    // The page stops reading: its TCP socket is paused, so the bridge's send buffer fills.
    const tcp = (ws as unknown as { _socket: Socket })._socket;
    tcp.pause();

    const URIS = 50;
    const UPDATES = 200_000;
    let seq = 0;
    for (let n = 0; n < UPDATES; n++) {
      bus.emit('resourceUpdated', { serverId: 'flood', uri: `fleet://flood/${n % URIS}`, at: n });
      if (n % 500 === 0) bus.emit('logAppended', { entries: Array.from({ length: 20 }, () => logEntry(++seq)), dropped: 0 });
      if (n % 20_000 === 0) bus.emit('listProgress', { serverId: 'ref', requestId: 'r', page: n / 20_000 + 1, firstPage: 1 } as unknown as EngineEvents['listProgress']);
    }
    ws.send(JSON.stringify({ type: 'call', id: 1, method: 'servers.list', params: {} }));
    await new Promise(r => setTimeout(r, 200));
    tcp.resume();
    await expect.poll(() => frames.some(f => f.type === 'reply' && f.id === 1), { timeout: 20_000 }).toBe(true);
    await new Promise(r => setTimeout(r, 300));
    expect(closed).toBeUndefined();
    expect(ws.readyState).toBe(WebSocket.OPEN);

    const updates = frames.filter(f => f.event === 'resourceUpdated').map(f => f.payload as EngineEvents['resourceUpdated']);
    expect(updates.length).toBeLessThan(UPDATES / 2);
    const latest = new Map<string, number>();
    for (const u of updates) latest.set(u.uri, u.at);
    for (let k = 0; k < URIS; k++) expect(latest.get(`fleet://flood/${k}`)).toBe(UPDATES - URIS + k);

    const logs = frames.filter(f => f.event === 'logAppended').map(f => f.payload as EngineEvents['logAppended']);
    const entries = logs.flatMap(l => l.entries);
    expect(entries.at(-1)?.seq).toBe(seq);
    const lastDropped = logs.at(-1)?.dropped ?? 0;
    expect(lastDropped).toBeGreaterThan(0);
    expect(entries.length + lastDropped).toBe(seq);

    const pages = frames.filter(f => f.event === 'listProgress').map(f => (f.payload as { page: number }).page);
    expect(pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The reply came after the pages queued before it.
    const replyAt = frames.findIndex(f => f.type === 'reply' && f.id === 1);
    expect(frames.findLastIndex(f => f.event === 'listProgress')).toBeLessThan(replyAt);
    ws.close();
  });
});
