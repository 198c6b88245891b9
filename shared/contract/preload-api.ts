// The exact surface electron/preload.ts exposes on `window.mcpBrowser` through contextBridge.
// Nothing else crosses from the preload: a call channel, an event channel and a one-way event-interest
// channel, carrying the contract envelopes from shared/contract/envelope.ts.
import type { CallEnvelope, EventEnvelope, ReplyEnvelope } from './envelope';

export interface McpBrowserPreloadApi {
  /** Sends one call envelope to the main process; resolves with its reply envelope (never rejects on app errors). */
  call(envelope: CallEnvelope): Promise<ReplyEnvelope>;
  /** Receives the engine events this window is sent; returns an unsubscribe function. */
  onEvent(listener: (event: EventEnvelope) => void): () => void;
  /**
   * Tells the main process which events this window has listeners for: from then on it is sent only those
   * (until the first call, every event). Throws a TypeError for anything but an array of event names.
   */
  setEventInterest(names: readonly string[]): void;
}

/** The global name the preload uses; the renderer checks for it to pick the Electron carrier. */
export const PRELOAD_GLOBAL = 'mcpBrowser';
