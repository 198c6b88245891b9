// The main window's options. The web preferences are the security boundary: the renderer gets no
// Node, runs sandboxed in its own JS world, and can reach the main process only through the preload.
function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false
  } as const;
}

/** The window's size on a first launch, and the least it may be resized to. */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 };
export const MINIMUM_WINDOW_SIZE = { width: 720, height: 480 };

/** `placement`: where the user left the window last time (window-state.ts), when it is still on a display. */
export function mainWindowOptions(preloadPath: string, placement: { x?: number; y?: number; width: number; height: number } = DEFAULT_WINDOW_SIZE) {
  return {
    ...placement,
    minWidth: MINIMUM_WINDOW_SIZE.width,
    minHeight: MINIMUM_WINDOW_SIZE.height,
    title: 'MCP Resource Browser',
    // Shown on ready-to-show, so the user never sees an unstyled flash.
    show: false,
    backgroundColor: '#1e1e1e',
    webPreferences: secureWebPreferences(preloadPath)
  };
}
