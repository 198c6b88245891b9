// Fifty cards are a long scroll: from five servers on, the sidebar sums them up by status, and each group narrows
// the cards to itself. Here one reference server beside four whose process dies at every start.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { expect, test } from './fixtures/app';

const dying = { config: { command: process.execPath, args: ['-e', 'process.exit(3)'] } };
test.use({ appServers: { reference: { transport: 'stdio' }, down1: dying, down2: dying, down3: dying, down4: dying } });

test('the summary counts the fleet by status, and a group narrows the cards to itself and back', async ({ page, app: _app }) => {
  const summary = page.getByTestId('server-summary');
  const cards = page.getByTestId('server-item');
  const failing = summary.locator('[data-group="failing"]');
  await expect(summary.locator('[data-group="connected"]')).toHaveText('1 connected');
  await expect(failing).toHaveText('4 failing');
  await expect(summary).toContainText('5 servers:');
  await expect(cards).toHaveCount(5);

  await failing.click();
  await expect(failing).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(4);
  await expectNoAxeViolationsInBothThemes(page, { include: '[data-testid="pane"][data-pane="servers"]' });
  for (const card of await cards.all()) await expect(card).toHaveAttribute('data-server-id', /^down/);

  await failing.click();
  await expect(failing).toHaveAttribute('aria-pressed', 'false');
  await expect(cards).toHaveCount(5);
});
