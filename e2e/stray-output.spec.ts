// A stdio server that writes to stdout what is not JSON-RPC (here half a JSON object, then plain text, for every
// request: test-support/fleet/broken-server.ts --mode malformed), as a server printing a banner or a console.log
// line does: its card says how many such lines came, and the protocol log shows each one where it came, as written,
// among the errors, with what it means. Real bridge, engine and server over stdio, Chromium.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { brokenServer } from './fixtures/reference-servers';
import { expect, test } from './picker-page';

test.use({ appServers: { noisy: { config: brokenServer('malformed') } } });

test('lines that are not JSON-RPC are on the card and in the protocol log, as written', async ({ app: _app, page }) => {
  const card = page.locator('[data-testid="server-item"][data-server-id="noisy"]');
  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  // Connected, the server is asked for its list: it answers with the broken lines.
  await expect(card.getByTestId('server-stdout-noise')).toContainText('not JSON-RPC', { timeout: 30_000 });

  await page.getByRole('tab', { name: 'Protocol log' }).click();
  const log = page.getByTestId('protocol-log');
  await log.getByTestId('log-filter-errors').click();
  const plainText = log.locator('[data-testid="protocol-entry"][data-kind="not-json-rpc"]').filter({ hasText: 'not json at all' }).first();
  await expect(plainText).toHaveAttribute('data-direction', 'in');
  await expect(plainText).toContainText('not JSON-RPC');
  await plainText.click();
  await expect(log.getByTestId('log-not-json-rpc-note')).toContainText('belong on stderr');
  await expect(log.getByTestId('log-detail-line').locator('pre')).toHaveText('not json at all');
  await expect(log.getByTestId('log-detail-request')).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(page, { include: ['[data-testid="protocol-log"]'], screenshot: 'stray-output' });
});
