// The exact surface electron/preload.ts exposes on `window.mcpBrowser` through contextBridge.
// Nothing else crosses from the preload: one call channel and one event channel, both carrying
// the contract envelopes from shared/contract/envelope.ts.
import type { CallEnvelope, EventEnvelope, ReplyEnvelope } from '../../shared/contract';

export interface McpBrowserPreloadApi {
  /** Sends one call envelope to the main process; resolves with its reply envelope (never rejects on app errors). */
  call(envelope: CallEnvelope): Promise<ReplyEnvelope>;
  /** Receives every engine event; returns an unsubscribe function. */
  onEvent(listener: (event: EventEnvelope) => void): () => void;
}

/** The global name the preload uses; the renderer checks for it to pick the Electron carrier. */
export const PRELOAD_GLOBAL = 'mcpBrowser';

declare global {
  interface Window {
    mcpBrowser?: McpBrowserPreloadApi;
  }
}
