// The Electron shell's decisions, tested without Electron: window security options, navigation and
// window.open policy, IPC sender trust, the app:// file responses and the pass-through arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_START_URL } from './app-origin';
import { rendererResponse } from './app-protocol';
import { parseShellArgs } from './args';
import { decideNavigation, decideWindowOpen, isTrustedSender } from './navigation';
import { mainWindowOptions } from './window-options';

describe('main window options', () => {
  it('isolates the renderer: sandbox, context isolation, no Node, no webview', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false
    });
  });
});

describe('links and navigation', () => {
  it('keeps the window on the app and sends vetted http(s) links to the browser', () => {
    expect(decideNavigation(APP_START_URL)).toEqual({ allow: true, openExternally: null });
    expect(decideNavigation('https://example.com/x')).toEqual({ allow: false, openExternally: 'https://example.com/x' });
    expect(decideNavigation('file:///etc/passwd')).toEqual({ allow: false, openExternally: null });
    expect(decideNavigation('app://evil/index.html')).toEqual({ allow: false, openExternally: null });
  });

  it('never opens a window, even for app URLs', () => {
    expect(decideWindowOpen(APP_START_URL)).toEqual({ allow: false, openExternally: null });
    expect(decideWindowOpen('http://example.com')).toEqual({ allow: false, openExternally: 'http://example.com/' });
    expect(decideWindowOpen('javascript:alert(1)')).toEqual({ allow: false, openExternally: null });
  });

  it('trusts IPC only from the app top frame', () => {
    expect(isTrustedSender({ url: APP_START_URL, isTopFrame: true })).toBe(true);
    expect(isTrustedSender({ url: APP_START_URL, isTopFrame: false })).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com', isTopFrame: true })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
});

describe('app:// responses', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'app-protocol-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><p>hi</p>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves renderer files with the CSP and security headers', async () => {
    const res = await rendererResponse(dir, APP_START_URL);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<p>hi</p>');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for other hosts, missing files and traversal', async () => {
    expect((await rendererResponse(dir, 'app://other/index.html')).status).toBe(404);
    expect((await rendererResponse(dir, 'app://renderer/missing.js')).status).toBe(404);
    expect((await rendererResponse(dir, 'app://renderer/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});

describe('parseShellArgs', () => {
  it('picks --config and --data-dir and ignores Chromium switches', () => {
    expect(parseShellArgs(['dist/electron/main.cjs', '--config', 'c.json', '--enable-logging', '--data-dir=/d'])).toEqual({
      configPath: 'c.json',
      dataDir: '/d'
    });
    expect(parseShellArgs([])).toEqual({});
  });
});
