// Fifty cards are a long scroll: from five servers on, the sidebar sums them up by status, and each group narrows
// the cards to itself. Here one reference server, one whose process dies at every start, and three disabled (no
// process: five servers for the price of two).
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { expect, test } from './fixtures/app';

const exitsAtOnce = ['-e', 'process.exit(3)'];
const disabled = { config: { command: process.execPath, args: exitsAtOnce, disabled: true } };
test.use({
  appServers: { reference: { transport: 'stdio' }, down: { config: { command: process.execPath, args: exitsAtOnce } }, off1: disabled, off2: disabled, off3: disabled }
});

test('the summary counts the fleet by status, and a group narrows the cards to itself and back', async ({ page, app: _app }) => {
  const summary = page.getByTestId('server-summary');
  const cards = page.getByTestId('server-item');
  const group = (name: string) => summary.locator(`[data-group="${name}"]`);
  await expect(group('connected')).toHaveText('1 connected');
  await expect(group('failing')).toHaveText('1 failing');
  await expect(group('disabled')).toHaveText('3 disabled');
  await expect(summary).toContainText('5 servers:');
  await expect(cards).toHaveCount(5);

  await group('disabled').click();
  await expect(group('disabled')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toHaveAttribute('data-disabled', 'true');
  await group('failing').click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-server-id', 'down');
  await expectNoAxeViolationsInBothThemes(page, { include: '[data-testid="pane"][data-pane="servers"]' });

  await group('failing').click();
  await expect(group('failing')).toHaveAttribute('aria-pressed', 'false');
  await expect(cards).toHaveCount(5);
});
