// After kill -9 of a reference server the app shows the status change and reconnects by itself:
// over stdio the engine respawns the process; over HTTP it reconnects once the server is back.
import { test, expect } from './fixtures/app';

// Two connects, a crash and a reconnect per test: allow for a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });
test.use({ appServers: { 'ref-stdio': { transport: 'stdio' }, 'ref-http': { transport: 'http' } } });

const item = (page: import('@playwright/test').Page, id: string) => page.locator(`[data-testid="server-item"][data-server-id="${id}"]`);

test('a killed stdio server shows as down, then the engine brings it back', async ({ page, app }) => {
  await expect(item(page, 'ref-stdio')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  const before = await app.serverPid('ref-stdio');
  const statuses = new Set<string>();
  const watch = setInterval(() => {
    item(page, 'ref-stdio').getAttribute('data-status').then(s => s && statuses.add(s), () => {});
  }, 50);
  try {
    await app.killServer('ref-stdio');
    await expect.poll(() => [...statuses].some(s => s !== 'connected'), { timeout: 15_000 }).toBe(true);
    await expect(item(page, 'ref-stdio')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  } finally {
    clearInterval(watch);
  }
  const after = await app.serverPid('ref-stdio');
  expect(after).toBeGreaterThan(0);
  expect(after).not.toBe(before);
  // The other server never noticed.
  await expect(item(page, 'ref-http')).toHaveAttribute('data-status', 'connected');
});

test('a killed HTTP server shows as down on the next request and reconnects when it is back on its port', async ({ page, app }) => {
  await expect(item(page, 'ref-http')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await app.killServer('ref-http');
  // An idle HTTP connection has nothing to notice a dead server with; the next request does.
  const failed = await app.engine.call('resources.list', { serverId: 'ref-http', cacheMode: 'bypass' }).then(
    () => null,
    (err: { error?: { code: string } }) => err.error?.code
  );
  expect(failed).toBe('transport');
  await expect(item(page, 'ref-http')).not.toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await app.restartServer('ref-http');
  await expect(item(page, 'ref-http')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(item(page, 'ref-stdio')).toHaveAttribute('data-status', 'connected');
});
