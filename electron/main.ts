// Electron main process: the engine, one hardened window, and the IPC carrier between them.
// The only main-process file that imports `electron`; the decisions it applies live in ./desktop and ./host.
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, screen, session, shell, type WebContents, type WebFrameMain } from 'electron';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EngineHost, HostMethods } from '../shared/contract';
import { vetExternalUrl } from '../shared/external-url';
import { safeFileName } from '../shared/file-names';
import { createEngine } from './engine/engine';
import { boundHeapGrowth } from './engine/heap-growth';
import { APP_SCHEME, APP_START_URL } from './desktop/app-origin';
import { rendererResponse } from './desktop/app-protocol';
import { parseShellArgs } from './desktop/args';
import { safeStorageVault } from './desktop/safe-storage-vault';
import { handleCall } from './host/call-envelope';
import { contentPartBytes } from './host/content-file';
import { EventInterests } from './host/event-interest';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, IPC_EVENT_INTEREST_CHANNEL } from './desktop/ipc-channels';
import { decideNavigation, decideWindowOpen, isTrustedSender } from './desktop/navigation';
import { WarnOncePerSender } from './desktop/warn-once';
import { DEFAULT_WINDOW_SIZE, MINIMUM_WINDOW_SIZE, mainWindowOptions } from './desktop/window-options';
import { rememberPlacement, savedPlacement } from './desktop/window-state';

// Bundled to dist/electron/main.cjs next to preload.cjs; the renderer is built to dist/renderer.
const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const PRELOAD_PATH = path.join(__dirname, 'preload.cjs');

// Must happen before `ready`: gives app:// a real, secure origin for the CSP and relative URLs.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

function openExternally(url: string | null): void {
  if (url) shell.openExternal(url).catch(err => console.error('[shell] could not open link:', err));
}

/** Applied to every web contents the app ever creates, so no window can navigate or spawn others. */
function harden(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(decideWindowOpen(url).openExternally);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url);
    if (decision.allow) return;
    event.preventDefault();
    openExternally(decision.openExternally);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', event => event.preventDefault());
}

/** The one trust rule for every IPC message: it comes from the app's own top-level frame. */
/** A sign-in page, in the user's browser: only an http(s) URL (the authorization server's metadata names it). */
async function openSignInPage(url: string): Promise<void> {
  const vetted = vetExternalUrl(url);
  if (!vetted) throw new Error('The authorization server gave a sign-in address that is not a web page');
  await shell.openExternal(vetted.toString());
}

function fromAppWindow(event: { senderFrame: WebFrameMain | null }): boolean {
  const frame = event.senderFrame;
  return isTrustedSender(frame ? { url: frame.url, isTopFrame: frame.parent === null } : null);
}

/** The host contract on the desktop, for the page in `window`: a vetted external link and a native save dialog. */
function desktopHostMethods(window: BrowserWindow | null, engine: EngineHost): HostMethods {
  return {
    'shell.openExternal': async ({ url }) => {
      const vetted = vetExternalUrl(url);
      if (!vetted) return { opened: false };
      await shell.openExternal(vetted.toString());
      return { opened: true };
    },
    'file.save': async ({ suggestedName, data, encoding }) => {
      if (!window) return { saved: false };
      const choice = await dialog.showSaveDialog(window, { defaultPath: safeFileName(suggestedName) });
      if (choice.canceled || !choice.filePath) return { saved: false };
      await writeFile(choice.filePath, Buffer.from(data, encoding));
      return { saved: true, path: choice.filePath };
    },
    'content.save': async ({ suggestedName, ...ref }) => {
      if (!window) return { saved: false };
      const choice = await dialog.showSaveDialog(window, { defaultPath: safeFileName(suggestedName) });
      if (choice.canceled || !choice.filePath) return { saved: false };
      // Read here, in the main process: the whole content goes from the engine to disk, not through the page.
      const { bytes } = await contentPartBytes(engine, ref);
      await writeFile(choice.filePath, bytes);
      return { saved: true, path: choice.filePath };
    }
  };
}

async function start(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('web-contents-created', (_event, contents) => harden(contents));
  await app.whenReady();

  const args = parseShellArgs(process.argv.slice(1));
  const dataDir = args.dataDir ?? app.getPath('userData');
  boundHeapGrowth();
  const engine = await createEngine({
    configPath: args.configPath,
    dataDir,
    // Sign-in pages open in the user's browser; tokens are encrypted with the OS keychain.
    auth: { openUrl: openSignInPage, vault: safeStorageVault(path.join(dataDir, 'auth', 'tokens.bin'), safeStorage) }
  });

  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  protocol.handle(APP_SCHEME, request => rendererResponse(RENDERER_DIR, request.url));

  const windows = new Set<BrowserWindow>();
  // Per window (webContents id): the events its page listens to. A window that never said gets every event.
  const interests = new EventInterests<number>();
  ipcMain.handle(IPC_CALL_CHANNEL, async (event, envelope) => {
    if (!fromAppWindow(event)) {
      return { type: 'reply', id: -1, ok: false, error: { code: 'protocol', message: 'IPC refused: not from the app window' } };
    }
    return handleCall(engine.host, envelope, desktopHostMethods(BrowserWindow.fromWebContents(event.sender), engine.host));
  });
  const interestWarnings = new WarnOncePerSender<number>();
  ipcMain.on(IPC_EVENT_INTEREST_CHANNEL, (event, message) => {
    const contentsId = event.sender.id;
    if (!fromAppWindow(event)) {
      interestWarnings.once(contentsId, '[shell] ignored an event-interest message that is not from the app window (later ones from this window are ignored silently)');
    } else if (!interests.accept(contentsId, message)) {
      interestWarnings.once(contentsId, '[shell] ignored a malformed event-interest message (later ones from this window are ignored silently)');
    }
  });
  engine.host.subscribe(engineEvent => {
    for (const window of windows) {
      if (window.isDestroyed() || !interests.wants(window.webContents.id, engineEvent.event)) continue;
      window.webContents.send(IPC_EVENT_CHANNEL, { type: 'event', ...engineEvent });
    }
  });

  const placementFile = path.join(dataDir, 'window.json');
  const createWindow = async () => {
    const { maximized, ...placement } = await savedPlacement(placementFile, screen, DEFAULT_WINDOW_SIZE, MINIMUM_WINDOW_SIZE);
    const window = new BrowserWindow(mainWindowOptions(PRELOAD_PATH, placement));
    if (maximized) window.maximize();
    rememberPlacement(window, placementFile);
    windows.add(window);
    // Read now: a closed window's webContents can no longer be asked.
    const contentsId = window.webContents.id;
    window.on('closed', () => {
      windows.delete(window);
      interests.forget(contentsId);
      interestWarnings.forget(contentsId);
    });
    // A new document (reload, or after a crash) is sent every event until its carrier says what it listens
    // to: the old page's interest may lack events the new page listens to before it has said so. Forgotten
    // on commit (did-navigate), not when navigation starts: until then the old page is still running and may
    // still tell its own interest, which must not outlive it.
    window.webContents.on('did-navigate', () => interests.forget(contentsId));
    window.webContents.on('render-process-gone', () => interests.forget(contentsId));
    window.once('ready-to-show', () => window.show());
    void window.loadURL(APP_START_URL);
  };
  await createWindow();

  app.on('second-instance', () => {
    if (windows.size === 0) void createWindow();
  });
  app.on('activate', () => {
    if (windows.size === 0) void createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let engineClosed = false;
  app.on('will-quit', event => {
    if (engineClosed) return;
    event.preventDefault();
    engine
      .close()
      .catch(err => console.error('[shell] engine close failed:', err))
      .finally(() => {
        engineClosed = true;
        app.quit();
      });
  });
}

start().catch(err => {
  console.error('[shell] failed to start:', err);
  dialog.showErrorBox('MCP Resource Browser could not start', err instanceof Error ? err.message : String(err));
  app.exit(1);
});
