// The only IPC channels between the renderer and the main process.
/** Renderer → main: one call envelope in, one reply envelope back (ipcRenderer.invoke). */
export const IPC_CALL_CHANNEL = 'mcp:call';
/** Main → renderer: engine events as event envelopes (webContents.send), all or those the window asked for. */
export const IPC_EVENT_CHANNEL = 'mcp:event';
/** Renderer → main, one-way (ipcRenderer.send): the events the window has listeners for, as an interest envelope. */
export const IPC_EVENT_INTEREST_CHANNEL = 'mcp:event-interest';
