// The Electron window end to end. Needs the Electron binary, which cannot be had on machines where
// Node < 22.12 skips the optional `electron` package or its download host is unreachable: there the
// whole file is skipped with the reason. Run `npm run build` first (npm test does).
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findElectronBinary } from '../scripts/electron-binary.mjs';
import { PROJECT_ROOT } from './fixtures/paths';
import { referenceStdioEntry } from './fixtures/reference-servers';

const found = findElectronBinary(PROJECT_ROOT, { tryInstall: false });
test.skip(!found.binary, `Electron binary not available, skipping the Electron project: ${found.reason}`);
// One app instance for the file: the tests look at the same window.
test.describe.configure({ mode: 'serial' });

let appProcess: ElectronApplication | undefined;
let appWindow: Page;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mcpb-electron-'));
  const configPath = path.join(dataDir, 'config.json');
  await writeFile(configPath, JSON.stringify({ mcpServers: { reference: referenceStdioEntry() } }));
  appProcess = await electron.launch({
    executablePath: found.binary,
    args: [path.join(PROJECT_ROOT, 'dist', 'electron', 'main.cjs'), '--config', configPath, '--data-dir', dataDir],
    cwd: PROJECT_ROOT
  });
  appWindow = await appProcess.firstWindow();
});

test.afterAll(async () => {
  await appProcess?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('the window shows the app in electron mode with the reference server connected', async () => {
  await expect(appWindow.getByTestId('app')).toHaveAttribute('data-mode', 'electron');
  await expect(appWindow.locator('[data-testid="server-item"][data-server-id="reference"]')).toHaveAttribute('data-status', 'connected', {
    timeout: 30_000
  });
});

test('the renderer has the contract and nothing else: no Node, no ipcRenderer', async () => {
  const globals = await appWindow.evaluate(() => ({
    bridge: Object.keys((window as unknown as { mcpBrowser: object }).mcpBrowser).sort(),
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process
  }));
  expect(globals).toEqual({ bridge: ['call', 'onEvent', 'setEventInterest'], require: 'undefined', process: 'undefined' });
});

// Skipped with the rest of this file where no Electron binary exists (as on the machine it was written on);
// the same filtering is shown without Electron by electron/main.test.ts and renderer/api/ipc-carrier-interest.test.ts.
test('the window is sent only the events it listens to: no protocol-log frames while the log panel is closed', async () => {
  const logTab = appWindow.getByRole('tab', { name: 'Protocol log' });
  await expect(logTab).toHaveAttribute('aria-selected', 'false');
  // The preload's onEvent relays every message main sends, before the page's own per-event fan-out.
  await appWindow.evaluate(() => {
    const crossed: string[] = [];
    Object.assign(window, { crossedEvents: crossed });
    (window as unknown as { mcpBrowser: { onEvent(l: (e: { event: string }) => void): void } }).mcpBrowser.onEvent(e => crossed.push(e.event));
  });
  const crossed = () => appWindow.evaluate(() => [...(window as unknown as { crossedEvents: string[] }).crossedEvents]);
  const reconnect = () =>
    appWindow.evaluate(() =>
      (window as unknown as { mcpBrowser: { call(envelope: object): Promise<unknown> } }).mcpBrowser.call({
        type: 'call',
        id: 1_000_000,
        method: 'servers.reconnect',
        params: { serverId: 'reference' }
      })
    );

  await reconnect();
  await expect.poll(crossed).toContain('serverState');
  // Log entries are sent in batches; give the reconnect's batch time to have been sent, were it wanted.
  await appWindow.waitForTimeout(1_000);
  expect(await crossed()).not.toContain('logAppended');

  await logTab.click();
  await expect(appWindow.getByTestId('protocol-log')).toBeVisible();
  await reconnect();
  await expect.poll(crossed).toContain('logAppended');
  await logTab.click();
});

test('the window cannot navigate away or open windows', async () => {
  const before = appWindow.url();
  await appWindow.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await appWindow.waitForTimeout(500);
  expect(appWindow.url()).toBe(before);
  const refused = await appWindow.evaluate(() => window.open("app://renderer/index.html") === null);
  expect(refused).toBe(true);
  expect(appProcess?.windows()).toHaveLength(1);
});
