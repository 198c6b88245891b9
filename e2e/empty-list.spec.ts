// What the list says while nothing is listed, from the engine's real server states: a server that never answers
// its handshake is one the list waits for; a server whose process dies at every start is not connected, and the
// list points at its card. Neither is "no servers".
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';

const emptyList = (page: Page) => page.locator('[data-testid="empty-state"][data-pane="list"]');

test.describe('a server that never answers', () => {
  // A process that starts and stays silent: the engine waits for its handshake until the connect deadline.
  test.use({ appServers: { silent: { config: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 60_000)'] } } } });

  test('the list waits for it, with how many are left', async ({ page, app: _app }) => {
    await expect(page.locator('[data-testid="server-item"][data-server-id="silent"]')).toHaveAttribute('data-status', 'connecting');
    await expect(emptyList(page)).toHaveAttribute('data-reason', 'waiting');
    await expect(emptyList(page)).toHaveText('Waiting for a server to connect and list its resources (1 of 1 to go).');
  });
});

test.describe('a server that dies at every start', () => {
  test.use({ appServers: { dying: { config: { command: process.execPath, args: ['-e', 'process.exit(3)'] } } } });

  test('the list says none is connected and points at its card', async ({ page, app: _app }) => {
    const card = page.locator('[data-testid="server-item"][data-server-id="dying"]');
    await expect(card.getByTestId('server-error')).toBeVisible();
    await expect(emptyList(page)).toHaveAttribute('data-reason', 'noneConnected');
    await expect(emptyList(page)).toHaveText("Nothing listed: no server is connected. Each server's card says why.");
  });
});
