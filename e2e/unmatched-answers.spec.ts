// A server that answers every request with an id it was not sent (test-support/fleet/broken-server.ts --mode
// wrong-ids), as a server that mixes up or rewrites ids does: its card says so, and the protocol log marks each such
// answer "no such request", keeps it among the errors, and says why the request it was meant for goes unanswered. Real bridge,
// engine and server over stdio, Chromium.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { brokenServer } from './fixtures/reference-servers';
import { expect, test } from './picker-page';

test.use({ appServers: { wrong: { config: brokenServer('wrong-ids') } } });

test('an answer no request awaits is marked in the protocol log, with what it means', async ({ app: _app, page }) => {
  const card = page.locator('[data-testid="server-item"][data-server-id="wrong"]');
  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  // The card says so first: where a user looks when every request of a server times out.
  await expect(card.getByTestId('server-unmatched-answers')).toContainText(/ids? no request had/);
  await page.getByRole('tab', { name: 'Protocol log' }).click();
  const log = page.getByTestId('protocol-log');
  await log.getByTestId('log-filter-errors').click();
  // Connected, the server is asked for its list: its answer carries another id.
  const answer = log.locator('[data-testid="protocol-entry"][data-unmatched="true"]').first();
  await expect(answer).toHaveAttribute('data-direction', 'in');
  await expect(answer).toContainText('no such request');
  await answer.click();
  await expect(log.getByTestId('log-unmatched-note')).toContainText('reaches no one');
  await expectNoAxeViolationsInBothThemes(page, { include: ['[data-testid="protocol-log"]'], screenshot: 'unmatched-answers' });
});
