// electron/main.ts wired to the real engine, with `electron` itself replaced by recording fakes:
// the Electron binary cannot run on this machine (see docs/testing.md). What is checked is what main
// does with Electron's API: window security, app:// responses, IPC trust and dispatch, event relay,
// link handling, the save dialog and shutdown.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_START_URL } from './desktop/app-origin';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, IPC_EVENT_INTEREST_CHANNEL } from './desktop/ipc-channels';

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>();
  const windows: {
    options: Record<string, unknown>;
    loaded: string[];
    sent: unknown[][];
    contentsId: number;
    maximized: boolean;
    close: () => void;
    emitContents: (event: string, ...args: unknown[]) => void;
  }[] = [];
  const state = {
    appListeners,
    windows,
    schemes: [] as unknown[],
    protocolHandler: undefined as undefined | ((request: Request) => Promise<Response>),
    ipcHandler: undefined as undefined | Listener,
    ipcListeners: new Map<string, Listener>(),
    opened: [] as string[],
    saveTo: '',
    quit: 0,
    /** Electron never reuses a webContents id; a test sets this to see what a closed window left behind. */
    reuseContentsId: undefined as number | undefined
  };
  let nextContentsId = 1;
  class BrowserWindow {
    private readonly windowListeners: [string, Listener][] = [];
    private readonly contentsListeners: [string, Listener][] = [];
    private readonly emit = (event: string) => this.windowListeners.forEach(([name, listener]) => name === event && listener());
    readonly record = {
      options: {} as Record<string, unknown>,
      loaded: [] as string[],
      sent: [] as unknown[][],
      contentsId: 0,
      maximized: false,
      // Electron emits 'close' (the window may still be asked) before 'closed'.
      close: () => {
        this.emit('close');
        this.emit('closed');
      },
      emitContents: (event: string, ...args: unknown[]) =>
        this.contentsListeners.forEach(([name, listener]) => name === event && listener({}, ...args))
    };
    readonly webContents = {
      id: state.reuseContentsId ?? nextContentsId++,
      send: (...args: unknown[]) => this.record.sent.push(args),
      isDestroyed: () => false,
      on: (event: string, listener: Listener) => {
        this.contentsListeners.push([event, listener]);
        return this.webContents;
      }
    };
    constructor(options: Record<string, unknown>) {
      this.record.options = options;
      this.record.contentsId = this.webContents.id;
      windows.push(this.record);
    }
    static fromWebContents() {
      return null;
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    show() {}
    maximize() {
      this.record.maximized = true;
    }
    isMaximized() {
      return this.record.maximized;
    }
    getNormalBounds() {
      const { x, y, width, height } = this.record.options as { x: number; y: number; width: number; height: number };
      return { x, y, width, height };
    }
    isDestroyed() {
      return false;
    }
    once() {
      return this;
    }
    on(event: string, listener: Listener) {
      this.windowListeners.push([event, listener]);
      return this;
    }
  }
  // One 1920×1080 display with a 40 px task bar, and a second one to its right.
  const displays = [
    { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
    { id: 2, workArea: { x: 1920, y: 0, width: 1280, height: 1024 } }
  ];
  const electron = {
    app: {
      whenReady: () => Promise.resolve(),
      getPath: () => tmpdirPlaceholder,
      requestSingleInstanceLock: () => true,
      quit: () => {
        state.quit += 1;
      },
      exit: () => {},
      on(event: string, listener: Listener) {
        appListeners.set(event, listener);
        return this;
      }
    },
    BrowserWindow,
    screen: { getPrimaryDisplay: () => displays[0], getAllDisplays: () => displays },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => state.schemes.push(...schemes),
      handle: (_scheme: string, handler: (request: Request) => Promise<Response>) => {
        state.protocolHandler = handler;
      }
    },
    ipcMain: {
      handle: (_channel: string, handler: Listener) => {
        state.ipcHandler = handler;
      },
      on(channel: string, listener: Listener) {
        state.ipcListeners.set(channel, listener);
        return this;
      }
    },
    session: { defaultSession: { setPermissionRequestHandler: () => {}, setPermissionCheckHandler: () => {} } },
    shell: {
      openExternal: async (url: string) => {
        state.opened.push(url);
      }
    },
    dialog: {
      showSaveDialog: async () => ({ canceled: false, filePath: state.saveTo }),
      showErrorBox: () => {}
    },
    // The OS keychain cannot run here: a reversible stand-in, enough for main to build its token vault.
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(`sealed:${text}`),
      decryptString: (sealed: Buffer) => sealed.toString().replace(/^sealed:/, '')
    }
  };
  const tmpdirPlaceholder = '/nonexistent-userdata';
  return { state, electron };
});

vi.mock('electron', () => fake.electron);

let dir: string;
const savedPlacement = { x: 2000, y: 100, width: 1100, height: 800, maximized: true };
const argvBefore = process.argv;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'electron-main-'));
  const configPath = path.join(dir, 'config.json');
  await writeFile(configPath, '{"mcpServers":{}}');
  // Where the user left the window last time: on the second display, maximized.
  await writeFile(path.join(dir, 'window.json'), JSON.stringify(savedPlacement));
  fake.state.saveTo = path.join(dir, 'saved.txt');
  process.argv = [process.execPath, 'dist/electron/main.cjs', '--config', configPath, '--data-dir', dir];
  await import('./main');
  // main starts asynchronously (whenReady, engine start); wait for its window.
  for (let waited = 0; fake.state.windows.length === 0; waited += 20) {
    if (waited > 10_000) throw new Error('electron/main.ts never created its window');
    await new Promise(resolve => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  process.argv = argvBefore;
  await rm(dir, { recursive: true, force: true });
});

const trustedEvent = { sender: {}, senderFrame: { url: APP_START_URL, parent: null } };

/** Adding an unreachable server makes the engine emit serverState (connecting, then failed) for it. */
const addServer = (id: number, serverId: string) =>
  fake.state.ipcHandler!(trustedEvent, { type: 'call', id, method: 'servers.add', params: { serverId, config: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } });

/** Whether `window` was sent a serverState event for `serverId` after its first `since` messages. */
const sentServerState = (window: { sent: unknown[][] }, since: number, serverId: string) =>
  window.sent.slice(since).some(([channel, envelope]) => {
    const e = envelope as { event: string; payload: { id?: string } };
    return channel === IPC_EVENT_CHANNEL && e.event === 'serverState' && e.payload.id === serverId;
  });

describe('electron main', () => {
  it('registers app:// as a secure standard scheme and opens one hardened window on it', () => {
    expect(fake.state.schemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    const [window] = fake.state.windows;
    expect(window.loaded).toEqual([APP_START_URL]);
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(String((window.options.webPreferences as { preload: string }).preload)).toMatch(/preload\.cjs$/);
  });

  it('reopens the window where the user left it: same display, same bounds, maximized', async () => {
    const [window] = fake.state.windows;
    const { maximized, ...bounds } = savedPlacement;
    expect(window.options).toMatchObject(bounds);
    expect(window.maximized).toBe(maximized);
  });

  it('serves the renderer over app:// with the CSP', async () => {
    const response = await fake.state.protocolHandler!(new Request(APP_START_URL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('dispatches IPC calls from the app frame to the engine and refuses other frames', async () => {
    const handler = fake.state.ipcHandler!;
    expect(IPC_CALL_CHANNEL).toBe('mcp:call');
    await expect(handler(trustedEvent, { type: 'call', id: 1, method: 'servers.list', params: {} })).resolves.toEqual({
      type: 'reply',
      id: 1,
      ok: true,
      result: []
    });
    const foreign = { sender: {}, senderFrame: { url: 'https://evil.example/', parent: null } };
    await expect(handler(foreign, { type: 'call', id: 2, method: 'servers.list', params: {} })).resolves.toMatchObject({
      ok: false,
      error: { code: 'protocol' }
    });
    const subframe = { sender: {}, senderFrame: { url: APP_START_URL, parent: {} } };
    await expect(handler(subframe, { type: 'call', id: 3, method: 'servers.list', params: {} })).resolves.toMatchObject({ ok: false });
  });

  it('relays engine events to the window on the event channel', async () => {
    await fake.state.ipcHandler!(trustedEvent, {
      type: 'call',
      id: 4,
      method: 'servers.add',
      params: { serverId: 'nowhere', config: { type: 'http', url: 'http://127.0.0.1:1/mcp' } }
    });
    await expect
      .poll(() => fake.state.windows[0].sent.find(([channel, envelope]) => channel === IPC_EVENT_CHANNEL && (envelope as { event: string }).event === 'serverState'))
      .toBeTruthy();
  });

  it('sends a window only the events its app frame said it listens to; other interest messages are ignored with a warning once per kind', async () => {
    const window = fake.state.windows[0];
    const tellInterest = fake.state.ipcListeners.get(IPC_EVENT_INTEREST_CHANNEL)!;
    const from = (senderFrame: { url: string; parent: unknown }) => ({ sender: { id: window.contentsId }, senderFrame });
    const sentSince = (mark: number) =>
      window.sent.slice(mark).flatMap(([channel, envelope]) => (channel === IPC_EVENT_CHANNEL ? [envelope as { event: string; payload: { id?: string } }] : []));

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      tellInterest(from({ url: 'https://evil.example/', parent: null }), { type: 'events', names: ['serverRemoved'] });
      tellInterest(from({ url: APP_START_URL, parent: {} }), { type: 'events', names: ['serverRemoved'] });
      tellInterest(from(trustedEvent.senderFrame), { type: 'events', names: 'serverRemoved' });
      tellInterest(from(trustedEvent.senderFrame), undefined);
      tellInterest(from({ url: 'https://evil.example/', parent: null }), { type: 'events', names: ['serverRemoved'] });
      // A page repeating a bad message is reported once per kind, not once per message.
      expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringContaining('not from the app window'),
        expect.stringContaining('malformed')
      ]);
    } finally {
      warn.mockRestore();
    }
    // None of those narrowed anything: the window still gets every event.
    const beforeIgnored = window.sent.length;
    await addServer(10, 'still-everything');
    await expect.poll(() => sentSince(beforeIgnored).some(e => e.event === 'serverState' && e.payload.id === 'still-everything')).toBe(true);

    tellInterest(from(trustedEvent.senderFrame), { type: 'events', names: ['serverRemoved'] });
    const beforeNarrowed = window.sent.length;
    await addServer(11, 'short-lived');
    await fake.state.ipcHandler!(trustedEvent, { type: 'call', id: 12, method: 'servers.remove', params: { serverId: 'short-lived' } });
    await expect.poll(() => sentSince(beforeNarrowed).length).toBeGreaterThan(0);
    // serverState (connecting, failing) and logAppended happened too, and were not sent.
    expect(sentSince(beforeNarrowed).map(e => e.event)).toEqual(['serverRemoved']);

    // The window widens its interest again: serverState arrives.
    tellInterest(from(trustedEvent.senderFrame), { type: 'events', names: ['serverRemoved', 'serverState'] });
    const beforeWidened = window.sent.length;
    await addServer(13, 'wanted-again');
    await expect.poll(() => sentSince(beforeWidened).some(e => e.event === 'serverState' && e.payload.id === 'wanted-again')).toBe(true);
  });

  it('forgets the interest of a window whose page reloads or whose renderer process is gone', async () => {
    const window = fake.state.windows[0];
    const narrow = () =>
      fake.state.ipcListeners.get(IPC_EVENT_INTEREST_CHANNEL)!(
        { sender: { id: window.contentsId }, senderFrame: trustedEvent.senderFrame },
        { type: 'events', names: ['serverRemoved'] }
      );
    const sendsServerStateOf = async (callId: number, serverId: string) => {
      const before = window.sent.length;
      await addServer(callId, serverId);
      await expect.poll(() => sentServerState(window, before, serverId)).toBe(true);
    };

    narrow();
    // The reloaded page has not said what it listens to yet: it is sent everything, serverState included.
    window.emitContents('did-navigate', APP_START_URL, 200, 'OK');
    await sendsServerStateOf(20, 'after-reload');

    narrow();
    window.emitContents('render-process-gone', { reason: 'crashed', exitCode: 1 });
    await sendsServerStateOf(21, 'after-crash');
  });

  it('opens only vetted links externally, from calls, window.open and navigation', async () => {
    const handler = fake.state.ipcHandler!;
    await expect(handler(trustedEvent, { type: 'call', id: 5, method: 'shell.openExternal', params: { url: 'https://example.com/a' } })).resolves.toMatchObject({
      ok: true,
      result: { opened: true }
    });
    await expect(handler(trustedEvent, { type: 'call', id: 6, method: 'shell.openExternal', params: { url: 'file:///etc/passwd' } })).resolves.toMatchObject({
      ok: true,
      result: { opened: false }
    });

    let openHandler: ((details: { url: string }) => unknown) | undefined;
    const navListeners = new Map<string, Listener>();
    const contents = {
      setWindowOpenHandler: (h: (details: { url: string }) => unknown) => (openHandler = h),
      on: (event: string, listener: Listener) => navListeners.set(event, listener)
    };
    fake.state.appListeners.get('web-contents-created')!({}, contents);
    expect(openHandler!({ url: 'https://example.com/b' })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    const blocked = { preventDefault: vi.fn() };
    navListeners.get('will-navigate')!(blocked, 'file:///etc/passwd');
    expect(blocked.preventDefault).toHaveBeenCalled();
    const reload = { preventDefault: vi.fn() };
    navListeners.get('will-navigate')!(reload, APP_START_URL);
    expect(reload.preventDefault).not.toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    navListeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    await expect.poll(() => fake.state.opened).toEqual(['https://example.com/a', 'https://example.com/b']);
  });

  it('saves files through the save dialog', async () => {
    // fromWebContents returns null in the fake, as for a sender without a window: nothing is written.
    await expect(
      fake.state.ipcHandler!(trustedEvent, { type: 'call', id: 7, method: 'file.save', params: { suggestedName: 'a.txt', data: 'aGk=', encoding: 'base64' } })
    ).resolves.toMatchObject({ ok: true, result: { saved: false } });
    const fromWebContents = vi.spyOn(fake.electron.BrowserWindow, 'fromWebContents').mockReturnValue({} as never);
    await expect(
      fake.state.ipcHandler!(trustedEvent, { type: 'call', id: 8, method: 'file.save', params: { suggestedName: 'a.txt', data: 'aGk=', encoding: 'base64' } })
    ).resolves.toMatchObject({ ok: true, result: { saved: true, path: fake.state.saveTo } });
    expect(await readFile(fake.state.saveTo, 'utf8')).toBe('hi');
    fromWebContents.mockRestore();
  });

  it('forgets a closed window: its interest and warnings do not outlive it', async () => {
    const [first] = fake.state.windows;
    const tellInterest = fake.state.ipcListeners.get(IPC_EVENT_INTEREST_CHANNEL)!;
    tellInterest({ sender: { id: first.contentsId }, senderFrame: trustedEvent.senderFrame }, { type: 'events', names: ['serverRemoved'] });
    first.close();
    // With no window left, activating the app opens a new one. Electron never reuses a webContents id; the
    // fake does here, so anything kept under the closed window's id would apply to the new one.
    fake.state.reuseContentsId = first.contentsId;
    const opened = fake.state.windows.length;
    fake.state.appListeners.get('activate')!();
    // The window is created once its saved place has been read.
    await expect.poll(() => fake.state.windows.length).toBe(opened + 1);
    fake.state.reuseContentsId = undefined;
    const second = fake.state.windows[opened];
    expect(second.contentsId).toBe(first.contentsId);

    const before = second.sent.length;
    await addServer(30, 'after-close');
    await expect.poll(() => sentServerState(second, before, 'after-close')).toBe(true);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      tellInterest({ sender: { id: second.contentsId }, senderFrame: trustedEvent.senderFrame }, { type: 'events', names: 'not-a-list' });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('malformed'));
    } finally {
      warn.mockRestore();
    }
  });

  it('saves the place of a window the user closes, and opens the next one there', async () => {
    const window = fake.state.windows.at(-1)!;
    const { x, y, width, height } = savedPlacement;
    const bounds = { x, y, width, height };
    // The user un-maximizes it, then closes it: its place is written at once, not after the move debounce.
    window.maximized = false;
    window.close();
    await expect.poll(async () => JSON.parse(await readFile(path.join(dir, 'window.json'), 'utf8').catch(() => 'null'))).toEqual({ ...bounds, maximized: false });
    // With no window left, activating the app opens a new one in that place.
    const opened = fake.state.windows.length;
    fake.state.appListeners.get('activate')!();
    await expect.poll(() => fake.state.windows.length).toBe(opened + 1);
    expect(fake.state.windows[opened].options).toMatchObject(bounds);
    expect(fake.state.windows[opened].maximized).toBe(false);
  });

  it('closes the engine before quitting', async () => {
    const event = { preventDefault: vi.fn() };
    fake.state.appListeners.get('will-quit')!(event);
    expect(event.preventDefault).toHaveBeenCalled();
    await expect.poll(() => fake.state.quit).toBe(1);
  });
});
