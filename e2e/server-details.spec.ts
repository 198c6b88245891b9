// Server details in browser mode: the live stderr of the stdio reference server, and era, version and
// capabilities of a 2026 server next to a 2025-only one (the reference server with --era legacy).
import { test, expect } from './fixtures/app';

test('shows the stderr lines of the stdio reference server, searchable', async ({ app: _app, page }) => {
  await expect(page.locator('[data-testid="server-item"][data-server-id="reference"]')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Server details' }).click();
  const details = page.getByTestId('server-details');
  await expect(details).toHaveAttribute('data-server-id', 'reference');
  await expect(details.getByTestId('server-details-endpoint')).toContainText('--transport stdio');
  const lines = details.getByTestId('stderr-line');
  // Lines keep arriving (a connection opened, a session closed), so the test compares the filter's
  // own count with lines known to be there, never with a count taken earlier.
  await expect(lines.filter({ hasText: 'file sandbox at' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'serving over stdio' })).toHaveCount(1);
  const search = details.getByTestId('stderr-search');
  await search.fill('no line contains this');
  await expect(lines).toHaveCount(0);
  await expect(details.getByText('No line matches.')).toBeVisible();
  await search.fill('SERVING over');
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText('serving over stdio (era: both');
  const count = await details.getByTestId('stderr-count').textContent();
  expect(Number(/^1 of (\d+) lines$/.exec(count ?? '')?.[1])).toBeGreaterThanOrEqual(2);
  await search.fill('');
  await expect(lines.filter({ hasText: 'file sandbox at' })).toHaveCount(1);
});

test.describe('a 2026 server and a 2025-only server', () => {
  test.use({
    appServers: {
      modern: { transport: 'stdio' },
      legacy: { transport: 'stdio', args: ['--era', 'legacy'] }
    }
  });

  test('show their era, protocol version, identity and capabilities', async ({ app: _app, page }) => {
    for (const id of ['modern', 'legacy']) {
      await expect(page.locator(`[data-testid="server-item"][data-server-id="${id}"]`)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    }
    await page.getByRole('tab', { name: 'Server details' }).click();
    const select = page.getByTestId('server-details-select');
    const details = page.getByTestId('server-details');

    await select.selectOption('modern');
    await expect(details).toHaveAttribute('data-era', 'modern');
    await expect(details).toHaveAttribute('data-protocol-version', '2026-07-28');
    await expect(details.getByTestId('server-details-era')).toContainText('2026');
    await expect(details.getByTestId('server-details-info')).not.toContainText('unknown');
    await expect(details.locator('[data-testid="server-capability"][data-capability="resources"]')).toHaveAttribute('data-flags', /listChanged/);
    await details.getByText('server/discover result').click();
    await expect(details.getByTestId('server-handshake')).toContainText('supportedVersions');

    await select.selectOption('legacy');
    await expect(details).toHaveAttribute('data-era', 'legacy');
    await expect(details).toHaveAttribute('data-protocol-version', '2025-11-25');
    await expect(details.getByTestId('server-details-era')).toContainText('2025');
    await expect(details.locator('[data-testid="server-capability"][data-capability="resources"]')).toBeVisible();
    await details.getByText('initialize result').click();
    await expect(details.getByTestId('server-handshake')).toContainText('"protocolVersion": "2025-11-25"');
  });
});
