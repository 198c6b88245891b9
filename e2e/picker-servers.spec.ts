// The server sidebar: status per server, adding a server through the form (a real stdio reference server),
// a form error naming the bad field, and the added server's resources joining the picker.
import { referenceServerEntry } from './fixtures/reference-servers';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
// Set for the file, not in the test body: a body's test.setTimeout would drop the app fixture's start-up time.
test.describe.configure({ timeout: 120_000 });

test('adds a stdio server from the form; bad input is reported, not sent', async ({ page, app, picker }) => {
  const first = await picker.waitForList();
  const items = page.getByTestId('server-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-status', 'connected');
  await expect(items.first()).toHaveAttribute('data-era', 'modern');

  await page.getByTestId('add-server-button').click();
  const form = page.getByTestId('server-form');
  await form.getByLabel('Name').fill('second');
  await form.getByLabel('Transport').selectOption('http');
  await form.getByLabel('URL').fill('ftp://nowhere');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByTestId('error-banner')).toHaveAttribute('data-code', 'config');
  await expect(form.getByTestId('error-banner')).toContainText('url');
  expect((await app.engine.call('servers.list', {})).map(s => s.id)).toEqual(['reference']);

  const entry = referenceServerEntry(['--resources', '10', ...STEADY_REFERENCE.args]);
  await form.getByLabel('Transport').selectOption('stdio');
  await form.getByLabel('Command').fill(entry.command);
  await form.getByLabel('Arguments (one per line)').fill((entry.args ?? []).join('\n'));
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form).toHaveCount(0);
  const second = page.locator('[data-testid="server-item"][data-server-id="second"]');
  await expect(second).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  const added = (await app.engine.call('resources.list', { serverId: 'second' })).items.length;
  await expect.poll(() => picker.loaded(), { timeout: 60_000 }).toBe(first + added);
});
