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

export function mainWindowOptions(preloadPath: string) {
  return {
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'MCP Resource Browser',
    // Shown on ready-to-show, so the user never sees an unstyled flash.
    show: false,
    backgroundColor: '#1e1e1e',
    webPreferences: secureWebPreferences(preloadPath)
  };
}
