// The esbuild bundle of the Electron main process and preload, loaded as Electron would load it
// (CommonJS) but with a recording stand-in for the `electron` module, since the binary cannot run
// here. Catches what only the bundle can break: ESM-only code in a CJS bundle, __dirname paths,
// a preload that requires anything besides `electron`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildElectron } from './build-electron.mjs';

const run = promisify(execFile);
let dir: string;
let outDir: string;

// Prints what main does with Electron as JSON lines, then exits once the window has loaded.
const fakeElectron = `
const say = (what, data) => process.stdout.write(JSON.stringify({ what, data }) + '\\n');
class BrowserWindow {
  constructor(options) { say('window', options); this.webContents = { id: 1, send() {}, on() { return this; } }; }
  static fromWebContents() { return null; }
  loadURL(url) { say('load', url); setTimeout(() => process.exit(0), 50); return Promise.resolve(); }
  once() { return this; } on() { return this; } show() {} isDestroyed() { return false; }
  getNormalBounds() { return { x: 0, y: 0, width: 1280, height: 820 }; } isMaximized() { return false; } maximize() {}
}
module.exports = {
  app: { whenReady: () => Promise.resolve(), getPath: () => '/nonexistent', requestSingleInstanceLock: () => true,
         quit() {}, exit(code) { process.exit(code); }, on() { return this; } },
  BrowserWindow,
  protocol: { registerSchemesAsPrivileged: s => say('schemes', s), handle: scheme => say('protocol', scheme) },
  ipcMain: { handle: channel => say('ipc', channel), on(channel) { say('ipc-on', channel); return this; } },
  session: { defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} } },
  shell: { openExternal: async () => {} },
  screen: { getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }), getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
  safeStorage: { isEncryptionAvailable: () => { say('keychain', true); return true; }, encryptString: s => Buffer.from(s), decryptString: b => b.toString() },
  dialog: { showSaveDialog: async () => ({ canceled: true }), showErrorBox: (t, c) => say('error', c) },
  contextBridge: { exposeInMainWorld: (key, api) => say('exposed', { key, members: Object.keys(api) }) },
  ipcRenderer: { invoke: async () => ({}), send() {}, on() {}, removeListener() {} }
};`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'electron-bundle-'));
  outDir = path.join(dir, 'dist', 'electron');
  await buildElectron(outDir);
  await mkdir(path.join(dir, 'fake', 'electron'), { recursive: true });
  await writeFile(path.join(dir, 'fake', 'electron', 'index.js'), fakeElectron);
  await writeFile(path.join(dir, 'config.json'), '{"mcpServers":{}}');
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

function lines(stdout: string): { what: string; data: unknown }[] {
  return stdout.trim().split('\n').filter(Boolean).map(line => JSON.parse(line));
}

describe('Electron bundle', () => {
  it('main.cjs starts the engine and opens a sandboxed window on app://', async () => {
    const { stdout } = await run(process.execPath, [path.join(outDir, 'main.cjs'), '--config', path.join(dir, 'config.json'), '--data-dir', dir], {
      env: { ...process.env, NODE_PATH: path.join(dir, 'fake') },
      timeout: 30_000
    });
    const events = lines(stdout);
    expect(events.find(e => e.what === 'error')).toBeUndefined();
    // Sign-in tokens are kept with the OS keychain, asked once the app is ready.
    expect(events.find(e => e.what === 'keychain')?.data).toBe(true);
    expect(events.find(e => e.what === 'ipc')?.data).toBe('mcp:call');
    expect(events.find(e => e.what === 'ipc-on')?.data).toBe('mcp:event-interest');
    const window = events.find(e => e.what === 'window')?.data as { width: number; height: number; x?: number; webPreferences: Record<string, unknown> };
    // Nothing saved in this data dir: the default size, placed by the OS.
    expect(window).toMatchObject({ width: 1280, height: 820 });
    expect(window.x).toBeUndefined();
    expect(window.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(window.webPreferences.preload).toBe(path.join(outDir, 'preload.cjs'));
    expect(events.find(e => e.what === 'load')?.data).toBe('app://renderer/index.html');
  });

  it('preload.cjs is CommonJS, requires only electron, and exposes only call, onEvent and setEventInterest', async () => {
    const source = await readFile(path.join(outDir, 'preload.cjs'), 'utf8');
    expect([...source.matchAll(/require\("([^"]+)"\)/g)].map(m => m[1])).toEqual(['electron']);
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    // The sandboxed preload runs on every page load: it carries names and envelopes, never a schema library.
    expect(source).not.toMatch(/zod/i);
    expect(source.length).toBeLessThan(8 * 1024);
    const { stdout } = await run(process.execPath, [path.join(outDir, 'preload.cjs')], { env: { ...process.env, NODE_PATH: path.join(dir, 'fake') } });
    expect(lines(stdout)).toEqual([{ what: 'exposed', data: { key: 'mcpBrowser', members: ['call', 'onEvent', 'setEventInterest'] } }]);
  });
});
