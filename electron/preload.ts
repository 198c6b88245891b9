// Sandboxed preload (built as CommonJS: a sandboxed preload cannot be an ES module). It exposes the
// engine contract on `window.mcpBrowser` and nothing else: no ipcRenderer, no Node, no event objects.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CallEnvelope, EventEnvelope, ReplyEnvelope } from '../shared/contract';
// Straight from its module, not the contract index: the index brings zod, and the preload stays small.
import { PRELOAD_GLOBAL, type McpBrowserPreloadApi } from '../shared/contract/preload-api';
import { interestMessage } from './desktop/interest-message';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, IPC_EVENT_INTEREST_CHANNEL } from './desktop/ipc-channels';

const api: McpBrowserPreloadApi = {
  call: (envelope: CallEnvelope) => ipcRenderer.invoke(IPC_CALL_CHANNEL, envelope) as Promise<ReplyEnvelope>,
  onEvent: (listener: (event: EventEnvelope) => void) => {
    const relay = (_event: IpcRendererEvent, envelope: unknown) => listener(envelope as EventEnvelope);
    ipcRenderer.on(IPC_EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay);
    };
  },
  // Names only: interestMessage copies the strings out and refuses anything else before it reaches IPC.
  setEventInterest: (names: readonly string[]) => ipcRenderer.send(IPC_EVENT_INTEREST_CHANNEL, interestMessage(names))
};

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, api);
