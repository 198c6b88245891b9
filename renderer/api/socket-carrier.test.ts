// The browser-mode carrier against a real WebSocket server (the `ws` package) on a free port. The
// server here stands in for the bridge so drops, bad frames and silence can be produced on demand;
// the bridge itself is tested with this same client in electron/bridge/bridge.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { EngineCallError } from '../../shared/contract';
import { connectSocketClient, type SocketEngineClient, type WebSocketLike } from './socket-carrier';
import { readTokenFromUrl, socketUrlFor } from './token';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

type Behaviour = (socket: WebSocket, frame: { id: number; method: string; params: unknown }) => void;

async function startServer(behaviour: Behaviour) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>(resolve => server.once('listening', () => resolve()));
  const sockets = new Set<WebSocket>();
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('message', data => behaviour(socket, JSON.parse(String(data))));
  });
  cleanups.push(() => new Promise<void>(resolve => {
    for (const s of sockets) s.terminate();
    server.close(() => resolve());
  }));
  const port = (server.address() as AddressInfo).port;
  return { server, sockets, url: `ws://127.0.0.1:${port}/ws` };
}

const nodeSocket = (url: string) => new WebSocket(url) as unknown as WebSocketLike;

async function connect(url: string, extra: { callTimeoutMs?: number } = {}): Promise<SocketEngineClient> {
  const client = await connectSocketClient({ url, createSocket: nodeSocket, reconnectInitialDelayMs: 20, reconnectMaxDelayMs: 50, ...extra });
  cleanups.push(() => client.close());
  return client;
}

const echo: Behaviour = (socket, frame) =>
  socket.send(JSON.stringify({ type: 'reply', id: frame.id, ok: true, result: { method: frame.method, params: frame.params } }));

describe('token in the page URL', () => {
  it('reads ?token= and #token=, and builds a same-origin socket URL', () => {
    expect(readTokenFromUrl('http://127.0.0.1:5000/?token=abc')).toBe('abc');
    expect(readTokenFromUrl('http://127.0.0.1:5000/#token=xyz')).toBe('xyz');
    expect(readTokenFromUrl('http://127.0.0.1:5000/')).toBeNull();
    expect(socketUrlFor('http://127.0.0.1:5000/index.html?token=abc', 'abc')).toBe('ws://127.0.0.1:5000/ws?token=abc');
  });
});

describe('socket carrier', () => {
  it('matches replies to calls and delivers events', async () => {
    const { url, sockets } = await startServer(echo);
    const client = await connect(url);
    expect(client.mode).toBe('browser');
    const result = await client.call('servers.details', { serverId: 'ref' });
    expect(result).toEqual({ method: 'servers.details', params: { serverId: 'ref' } });

    const seen = new Promise(resolve => client.on('serverRemoved', resolve));
    for (const s of sockets) s.send(JSON.stringify({ type: 'event', event: 'serverRemoved', payload: { serverId: 'gone' } }));
    expect(await seen).toEqual({ serverId: 'gone' });
  });

  it('tells the server which events have listeners: when that changes and again after a reconnect', async () => {
    const interests: unknown[][] = [];
    const { url, sockets } = await startServer((socket, frame) => {
      const f = frame as unknown as { type: string; names?: unknown[] };
      if (f.type === 'events') interests.push(f.names ?? []);
      else echo(socket, frame);
    });
    const client = await connect(url);
    const off = client.on('listProgress', () => undefined);
    client.on('listProgress', () => undefined);
    client.on('serverState', () => undefined);
    await expect.poll(() => interests).toEqual([['listProgress'], ['listProgress', 'serverState']]);
    off();
    await client.call('servers.list', {});
    expect(interests).toHaveLength(2); // listProgress still has a listener
    for (const s of sockets) s.terminate();
    await expect.poll(() => interests.length).toBe(3);
    expect(interests[2]).toEqual(['listProgress', 'serverState']);
  });

  it('writes the interest of listeners added in the same tick as a call before the call, and keeps calls in order', async () => {
    const frames: { type: string; method?: string; names?: string[] }[] = [];
    const { url } = await startServer((socket, frame) => {
      frames.push(frame as unknown as (typeof frames)[number]);
      if ((frame as unknown as { type: string }).type === 'call') echo(socket, frame);
    });
    const client = await connect(url);
    // As a component does when its query fetches in an earlier effect than the one that subscribes.
    const details = client.call('servers.details', { serverId: 'ref' });
    const list = client.call('servers.list', {});
    client.on('stderr', () => undefined);
    await Promise.all([details, list]);
    expect(frames.map(f => f.method ?? f.names)).toEqual([['stderr'], 'servers.details', 'servers.list']);
  });

  it('rejects an error reply with EngineCallError carrying the app error', async () => {
    const { url } = await startServer((socket, frame) =>
      socket.send(JSON.stringify({ type: 'reply', id: frame.id, ok: false, error: { code: 'not_found', message: 'nope', rpcCode: -32602 } }))
    );
    const client = await connect(url);
    const err = await client.call('resources.read', { serverId: 'a', uri: 'x://y' }).catch(e => e);
    expect(err).toBeInstanceOf(EngineCallError);
    expect(err.error).toMatchObject({ code: 'not_found', rpcCode: -32602 });
  });

  it('fails a call whose params cannot be encoded at once, with a clear error, and keeps working', async () => {
    const { url } = await startServer((socket, frame) => socket.send(JSON.stringify({ type: 'reply', id: frame.id, ok: true, result: [] })));
    const client = await connect(url, { callTimeoutMs: 60_000 });
    // A BigInt cannot be written as JSON; the typed contract never carries one, a replayed edit could.
    const params = { serverId: 'a', method: 'resources/list', params: { n: BigInt(1) } } as unknown as Parameters<typeof client.call<'log.replay'>>[1];
    const started = Date.now();
    const err = await client.call('log.replay', params).catch(e => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err).toBeInstanceOf(EngineCallError);
    expect(err.error).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(/could not be sent.*BigInt/i) });
    await expect(client.call('servers.list', {})).resolves.toEqual([]);
  });

  it('times out a call that gets no reply and cancels its request in the engine', async () => {
    const cancels: unknown[] = [];
    const { url } = await startServer((socket, frame) => {
      if (frame.method === 'request.cancel') cancels.push(frame.params);
    });
    const client = await connect(url, { callTimeoutMs: 100 });
    const err = await client.call('resources.list', { serverId: 'a', requestId: 'r1' }).catch(e => e);
    expect(err).toBeInstanceOf(EngineCallError);
    expect(err.error.code).toBe('timeout');
    await expect.poll(() => cancels).toEqual([{ requestId: 'r1' }]);
  });

  it('fails in-flight calls when the socket drops, then reconnects and works again', async () => {
    let dropNext = true;
    const { url } = await startServer((socket, frame) => {
      if (dropNext) {
        dropNext = false;
        socket.terminate();
      } else echo(socket, frame);
    });
    const client = await connect(url);
    const states: string[] = [];
    client.onCarrierState?.(s => states.push(s));
    const err = await client.call('servers.list', {}).catch(e => e);
    expect(err.error.code).toBe('transport');
    await expect.poll(() => states).toEqual(['reconnecting', 'connected']);
    await expect(client.call('servers.list', {})).resolves.toMatchObject({ method: 'servers.list' });
  });

  it('ignores malformed frames from the server', async () => {
    const { url, sockets } = await startServer(echo);
    const client = await connect(url);
    for (const s of sockets) s.send('not json');
    for (const s of sockets) s.send(JSON.stringify({ type: 'event', event: 'noSuchEvent', payload: {} }));
    await expect(client.call('servers.list', {})).resolves.toMatchObject({ method: 'servers.list' });
  });

  it('rejects with a clear transport error when the first connection is refused', async () => {
    const err = await connectSocketClient({ url: 'ws://127.0.0.1:1/ws', createSocket: nodeSocket }).catch(e => e);
    expect(err).toBeInstanceOf(EngineCallError);
    expect(err.error.code).toBe('transport');
    expect(err.message).toMatch(/Open:/);
  });
});
