// Type declarations for the part of Electron's API that electron/main.ts and electron/preload.ts use.
// The `electron` package cannot be installed where the binary cannot be had (Node < 22.12 skips the
// optional dependency), so the project typechecks against this subset everywhere. An ambient module
// takes precedence over node_modules, so the result is the same with or without the package.
// Signatures follow the Electron 45 API documentation; keep additions faithful to it.
declare module 'electron' {
  interface PreventableEvent {
    preventDefault(): void;
  }

  interface WebFrameMain {
    readonly url: string;
    readonly parent: WebFrameMain | null;
  }

  interface RenderProcessGoneDetails {
    readonly reason: string;
    readonly exitCode: number;
  }

  interface WebContents {
    readonly id: number;
    send(channel: string, ...args: unknown[]): void;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
    on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent, url: string) => void): this;
    on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): this;
    on(event: 'did-navigate', listener: (event: unknown, url: string, httpResponseCode: number, httpStatusText: string) => void): this;
    on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): this;
    isDestroyed(): boolean;
  }

  interface Rectangle {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  interface Display {
    id: number;
    workArea: Rectangle;
  }

  interface Screen {
    getPrimaryDisplay(): Display;
    getAllDisplays(): Display[];
  }

  interface BrowserWindowOptions {
    x?: number;
    y?: number;
    width?: number;
    height?: number;
    minWidth?: number;
    minHeight?: number;
    title?: string;
    show?: boolean;
    backgroundColor?: string;
    webPreferences?: Record<string, unknown>;
  }

  class BrowserWindow {
    constructor(options?: BrowserWindowOptions);
    static fromWebContents(contents: WebContents): BrowserWindow | null;
    readonly webContents: WebContents;
    loadURL(url: string): Promise<void>;
    show(): void;
    isDestroyed(): boolean;
    getNormalBounds(): Rectangle;
    isMaximized(): boolean;
    maximize(): void;
    once(event: 'ready-to-show', listener: () => void): this;
    on(event: 'closed' | 'close' | 'resize' | 'move' | 'maximize' | 'unmaximize', listener: () => void): this;
  }

  interface App {
    whenReady(): Promise<void>;
    getPath(name: 'userData'): string;
    requestSingleInstanceLock(): boolean;
    quit(): void;
    exit(code?: number): void;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): this;
    on(event: 'window-all-closed' | 'activate' | 'second-instance', listener: () => void): this;
    on(event: 'will-quit', listener: (event: PreventableEvent) => void): this;
  }

  interface IpcMainInvokeEvent {
    readonly sender: WebContents;
    readonly senderFrame: WebFrameMain | null;
  }

  interface IpcMainEvent {
    readonly sender: WebContents;
    readonly senderFrame: WebFrameMain | null;
  }

  interface IpcMain {
    handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown> | unknown): void;
    on(channel: string, listener: (event: IpcMainEvent, ...args: unknown[]) => void): this;
  }

  interface CustomScheme {
    scheme: string;
    privileges?: { standard?: boolean; secure?: boolean; supportFetchAPI?: boolean; corsEnabled?: boolean; stream?: boolean };
  }

  interface Protocol {
    registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
  }

  interface Session {
    setPermissionRequestHandler(handler: ((contents: WebContents, permission: string, callback: (granted: boolean) => void) => void) | null): void;
    setPermissionCheckHandler(handler: ((contents: WebContents | null, permission: string) => boolean) | null): void;
  }

  interface Shell {
    openExternal(url: string): Promise<void>;
  }

  interface Dialog {
    showSaveDialog(window: BrowserWindow, options: { defaultPath?: string; title?: string }): Promise<{ canceled: boolean; filePath?: string }>;
    showErrorBox(title: string, content: string): void;
  }

  interface IpcRendererEvent {
    readonly senderId: number;
  }

  interface IpcRenderer {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    send(channel: string, ...args: unknown[]): void;
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this;
    removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this;
  }

  interface ContextBridge {
    exposeInMainWorld(apiKey: string, api: unknown): void;
  }

  export const app: App;
  export const ipcMain: IpcMain;
  export const protocol: Protocol;
  export const session: { readonly defaultSession: Session };
  export const shell: Shell;
  export const dialog: Dialog;
  export const screen: Screen;
  export const ipcRenderer: IpcRenderer;
  export const contextBridge: ContextBridge;
  export { BrowserWindow };
  export type { WebContents, WebFrameMain, IpcMainEvent, IpcMainInvokeEvent, IpcRendererEvent, PreventableEvent };

  /** The OS keychain's encryption (Electron 45 `safeStorage`). */
  export const safeStorage: {
    isEncryptionAvailable(): boolean;
    encryptString(plainText: string): Buffer;
    decryptString(encrypted: Buffer): string;
  };
}
