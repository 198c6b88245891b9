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

test('a query finds cards by name, reported name or command, within the chosen group; Escape clears it', async ({ page, app: _app }) => {
  const find = page.getByTestId('server-find');
  const cards = page.getByTestId('server-item');
  const ids = async () => (await cards.evaluateAll(els => els.map(el => el.getAttribute('data-server-id')))).sort();
  await expect(cards).toHaveCount(5);

  await find.fill('OFF');
  await expect.poll(ids).toEqual(['off1', 'off2', 'off3']);
  // Every term must match: "off 2" is off2 alone.
  await find.fill('off 2');
  await expect.poll(ids).toEqual(['off2']);
  // The name the server reports (the reference server calls itself mcp-reference-server), and the command line.
  await find.fill('mcp-reference');
  await expect.poll(ids).toEqual(['reference']);
  await find.fill('process.exit(3)');
  await expect.poll(ids).toEqual(['down', 'off1', 'off2', 'off3']);

  // With a status group chosen too, a card shows only when it is in the group and the query finds it.
  await page.getByTestId('server-summary').locator('[data-group="disabled"]').click();
  await expect.poll(ids).toEqual(['off1', 'off2', 'off3']);
  await find.fill('down');
  await expect(cards).toHaveCount(0);
  await expect(page.getByTestId('server-find-empty')).toHaveText('No server matches “down”.');

  await find.press('Escape');
  await expect(find).toHaveValue('');
  await expect(page.getByTestId('server-find-empty')).toHaveCount(0);
  await expect.poll(ids).toEqual(['off1', 'off2', 'off3']);
});
