// The Electron window end to end. Needs the Electron binary, which cannot be had on machines where
// Node < 22.12 skips the optional `electron` package or its download host is unreachable: there the
// whole file is skipped with the reason. Run `npm run build` first (npm test does).
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, findElectronBinary } from './fixtures/paths';
import { referenceServerEntry } from './fixtures/reference-servers';

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
  await writeFile(configPath, JSON.stringify({ mcpServers: { reference: referenceServerEntry() } }));
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
  // The preload's onEvent relays every message main sends, in the order main sends them, before the page's
  // own per-event fan-out. serverState is recorded with its status so a reconnect's end can be seen.
  await appWindow.evaluate(() => {
    const crossed: string[] = [];
    Object.assign(window, { crossedEvents: crossed });
    (window as unknown as { mcpBrowser: { onEvent(l: (e: { event: string; payload: { status?: string } }) => void): void } }).mcpBrowser.onEvent(e =>
      crossed.push(e.event === 'serverState' ? `serverState:${e.payload.status}` : e.event)
    );
  });
  const crossed = () => appWindow.evaluate(() => [...(window as unknown as { crossedEvents: string[] }).crossedEvents]);
  let callId = 1_000_000;
  /** Reconnects the reference server and waits until the page has been sent its (re)connecting and connected states. */
  const reconnect = async () => {
    const mark = (await crossed()).length;
    await appWindow.evaluate(
      id =>
        (window as unknown as { mcpBrowser: { call(envelope: object): Promise<unknown> } }).mcpBrowser.call({
          type: 'call',
          id,
          method: 'servers.reconnect',
          params: { serverId: 'reference' }
        }),
      callId++
    );
    await expect
      .poll(async () => {
        const since = (await crossed()).slice(mark);
        // A server that was connected before goes through `reconnecting`, not `connecting`.
        const connecting = since.findIndex(e => e === 'serverState:reconnecting' || e === 'serverState:connecting');
        return connecting >= 0 && since.indexOf('serverState:connected', connecting) > connecting;
      })
      .toBe(true);
  };

  // The first reconnect's protocol frames are logged, and the log emits them as one logAppended batch at
  // most 75 ms after the first of them. The second reconnect spawns a fresh stdio server and shakes hands
  // with it, which takes far longer, so its `connected` state is emitted after that batch: once the page
  // has been sent it, the batch would have crossed too, had the window wanted it.
  await reconnect();
  await reconnect();
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
