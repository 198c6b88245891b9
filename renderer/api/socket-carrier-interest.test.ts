// The browser-mode carrier through the real bridge (electron/bridge) on a free loopback port: a call whose
// handling emits an event, made in the same tick as (and before) the listener for that event is added, must
// not lose the event to the bridge's interest filter. The engine behind the bridge is a small in-test
// EngineHost that emits the event while handling the call, the tightest timing the real engine can produce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import type { EngineHost } from '../../shared/contract';
import { EventBus } from '../../electron/engine/event-bus';
import { startBridge, type RunningBridge } from '../../electron/bridge/server';
import { connectSocketClient, type WebSocketLike } from './socket-carrier';

const bus = new EventBus();
const host: EngineHost = {
  dispatch: async (method, params) => {
    if (method === 'servers.details') bus.emit('stderr', { serverId: 'ref', lines: [{ at: 1, text: 'emitted while handling the call' }] });
    return { method, params };
  },
  subscribe: listener => bus.subscribe(listener)
};

let rendererDir: string;
let bridge: RunningBridge;

beforeAll(async () => {
  rendererDir = await mkdtemp(path.join(tmpdir(), 'carrier-interest-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html>');
  bridge = await startBridge({ host, port: 0, rendererDir });
});

afterAll(async () => {
  await bridge?.close();
  await rm(rendererDir, { recursive: true, force: true });
});

describe('socket carrier interest through the bridge', () => {
  it('delivers an event the call causes when its listener is added right after the call', async () => {
    const origin = `http://127.0.0.1:${bridge.port}`;
    const client = await connectSocketClient({
      url: `ws://127.0.0.1:${bridge.port}/ws?token=${bridge.token}`,
      createSocket: url => new WebSocket(url, { origin }) as unknown as WebSocketLike
    });
    try {
      // The page already listens to something else, so the bridge filters: stderr is not yet wanted.
      client.on('serverRemoved', () => undefined);
      await client.call('servers.list', {});

      const lines: string[] = [];
      const details = client.call('servers.details', { serverId: 'ref' });
      client.on('stderr', event => lines.push(...event.lines.map(line => line.text)));
      await details;
      // The event was sent before the reply on the same socket, so it has been delivered by now.
      expect(lines).toEqual(['emitted while handling the call']);
    } finally {
      client.close();
    }
  });
});
