// The only two IPC channels between the renderer and the main process.
/** Renderer → main: one call envelope in, one reply envelope back (ipcRenderer.invoke). */
export const IPC_CALL_CHANNEL = 'mcp:call';
/** Main → renderer: every engine event as an event envelope (webContents.send). */
export const IPC_EVENT_CHANNEL = 'mcp:event';
