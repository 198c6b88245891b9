// A benchmark's own engine client from Node over browser mode's socket (as the page has), returned once the
// named server is connected, so no timing includes the connect.
import { WebSocket } from 'ws';
import { connectSocketClient, type SocketEngineClient, type WebSocketLike } from '../renderer/api/socket-carrier';
import type { BridgeProcess } from '../e2e/fixtures/bridge-process';

export async function connectedEngine(bridge: BridgeProcess, serverId: string, timeoutMs = 30_000): Promise<SocketEngineClient> {
  const engine = await connectSocketClient({
    url: `${bridge.origin.replace(/^http/, 'ws')}/ws?token=${bridge.token}`,
    createSocket: u => new WebSocket(u, { origin: bridge.origin }) as unknown as WebSocketLike
  });
  const until = Date.now() + timeoutMs;
  while ((await engine.call('servers.list', {})).find(s => s.id === serverId)?.status !== 'connected') {
    if (Date.now() > until) {
      engine.close();
      throw new Error(`${serverId} never connected`);
    }
    await new Promise(r => setTimeout(r, 100));
  }
  return engine;
}
