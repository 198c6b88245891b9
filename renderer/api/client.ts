// The renderer's one way to reach the engine. Picks the carrier: the Electron preload when present,
// otherwise the browser-mode WebSocket on the page's own origin, authenticated by the URL token.
import type { EngineClient } from '../../shared/contract';
import { browserHostMethods } from './browser-host-methods';
import { createIpcClient } from './ipc-carrier';
import { connectSocketClient } from './socket-carrier';
import { readTokenFromUrl, socketUrlFor } from './token';

export type { EngineClient } from '../../shared/contract';

export interface EngineClientOptions {
  callTimeoutMs?: number;
}

/** Rejects with EngineCallError (code `transport`) when browser mode cannot reach the engine. */
export async function createEngineClient(options: EngineClientOptions = {}): Promise<EngineClient> {
  if (window.mcpBrowser) return createIpcClient(window.mcpBrowser, options.callTimeoutMs);
  const href = window.location.href;
  // Without a token in the URL the session cookie set on the first page load may still let us in.
  return connectSocketClient({
    url: socketUrlFor(href, readTokenFromUrl(href)),
    callTimeoutMs: options.callTimeoutMs,
    hostMethods: browserHostMethods(document, window)
  });
}
