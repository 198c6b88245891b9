// Compact server cards in browser mode against real reference servers: status, era and counts on the card;
// the action menu disables (disconnected, config kept) and enables (connected) a server, edits it with its
// secrets redacted on the page and kept in the file, opens its details in the dock and removes it. Axe and
// screenshots in both themes.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { referenceServerEntry } from './fixtures/reference-servers';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

const card = (page: Page, id: string) => page.locator(`[data-testid="server-item"][data-server-id="${id}"]`);

async function menuAction(page: Page, id: string, action: string) {
  await card(page, id).getByTestId('server-menu-button').click();
  await page.getByTestId('server-menu').locator(`[data-action="${action}"]`).click();
}

const fileServers = async (path: string) => JSON.parse(await readFile(path, 'utf8')).mcpServers as Record<string, Record<string, unknown>>;

test('card shows status, era and counts; the menu disables, enables, edits, shows details and removes', async ({ page, app, picker }) => {
  await picker.waitForList();
  const reference = card(page, 'reference');
  await expect(reference).toHaveAttribute('data-status', 'connected');
  await expect(reference.getByTestId('server-status')).toHaveText('connected');
  await expect(reference.getByTestId('server-era')).toHaveText('2026-07-28');
  await expect(reference).toHaveAttribute('data-era', 'modern');
  const listed = Number(await picker.list.getAttribute('data-loaded'));
  await expect(reference.getByTestId('server-resource-count')).toHaveText(`${listed.toLocaleString('en')} resources`);

  // Disable: disconnected, says so, keeps its entry (flagged) in the file; enable: connected again.
  await menuAction(page, 'reference', 'disable');
  await expect(reference).toHaveAttribute('data-disabled', 'true');
  await expect(reference).toHaveAttribute('data-status', 'disconnected');
  await expect(reference.getByTestId('server-status')).toHaveText('disabled');
  expect((await fileServers(app.configPath)).reference).toMatchObject({ disabled: true, command: expect.any(String) });
  await card(page, 'reference').getByTestId('server-menu-button').click();
  await expect(page.getByTestId('server-menu').locator('[data-action="reconnect"]')).toHaveCount(0);
  await page.getByTestId('server-menu').locator('[data-action="enable"]').click();
  await expect(reference).not.toHaveAttribute('data-disabled', 'true');
  await expect(reference).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  expect((await fileServers(app.configPath)).reference).not.toHaveProperty('disabled');

  // Edit a server holding a secret: the page shows it redacted, saving keeps it in the file.
  await app.engine.call('servers.add', { serverId: 'second', config: { ...referenceServerEntry(['--resources', '3']), env: { API_KEY: 'sekret-value' } } });
  await expect(card(page, 'second')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await menuAction(page, 'second', 'edit');
  const form = card(page, 'second').getByTestId('server-form');
  await expect(form).toHaveAttribute('data-editing', 'second');
  await expect(form.getByLabel('Environment (KEY=value per line)')).toHaveValue('API_KEY=[redacted]');
  await expect(page.locator('body')).not.toContainText('sekret-value');
  const args = form.getByLabel('Arguments (one per line)');
  await args.fill(`${await args.inputValue()}\n--page-size\n2`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect.poll(async () => (await fileServers(app.configPath)).second).toMatchObject({
    env: { API_KEY: 'sekret-value' },
    args: expect.arrayContaining(['--page-size', '2'])
  });

  // Details opens the dock's Server details on that server.
  await menuAction(page, 'second', 'details');
  await expect(page.getByRole('tab', { name: 'Server details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('server-details-select')).toHaveValue('second');

  // Remove asks in the card, then the server is gone from the list and the file.
  await menuAction(page, 'second', 'remove');
  await card(page, 'second').getByTestId('server-remove-confirm').click();
  await expect(card(page, 'second')).toHaveCount(0);
  expect(Object.keys(await fileServers(app.configPath))).toEqual(['reference']);
});

test('axe finds nothing on the cards and the open menu, light and dark', async ({ page, picker }) => {
  await picker.waitForList();
  await card(page, 'reference').getByTestId('server-menu-button').click();
  await expect(page.getByTestId('server-menu')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, { screenshot: 'server-cards' });
});
