// `list_changed` as a diff, in browser mode: files added and removed in the reference server's sandbox make
// it send list_changed; after the relist the picker says "+3 −1", the added rows are marked New until seen,
// the removed one is listed in the diff's popover, and the selection, the search and the scroll are kept.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './picker-page';
import { STEADY_ARGS } from './fixtures/reference-servers';

// A sandbox of our own (not empty, so the server does not fill it): a.txt, b.txt, c.txt.
const sandbox = path.join(tmpdir(), `mcprb-e2e-list-diff-${process.pid}`);
test.use({ appServers: { reference: { transport: 'stdio', args: [...STEADY_ARGS, '--sandbox-dir', sandbox] } } });
test.describe.configure({ timeout: 150_000 });
test.beforeAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(sandbox, { recursive: true });
  for (const name of ['a', 'b', 'c']) writeFileSync(path.join(sandbox, `${name}.txt`), `${name}\n`);
});
test.afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

test('a relist shows +3 −1, marks the added rows until seen, lists the removed one, keeps selection, search and scroll', async ({ page, picker }) => {
  await picker.waitForList();
  const diff = page.getByTestId('list-diff');
  await expect(diff).toHaveCount(0);

  // Select b.txt, then leave the list scrolled down with no search.
  await picker.search.fill('file:///b.txt');
  await picker.row('file:///b.txt').click({ modifiers: ['ControlOrMeta'] });
  await picker.search.fill('');
  // The emptied search applies in a deferred render: until the whole list is back there is nothing to scroll, and
  // a scroll set before it stays at 0. So wait for it, and set the scroll until it holds.
  await expect(picker.list).toHaveAttribute('data-query', '');
  await expect.poll(() => picker.list.evaluate(el => ((el.scrollTop = 1_500), el.scrollTop))).toBe(1_500);

  // Three files come, one goes: the server sends list_changed and the app lists again.
  for (const name of ['x1', 'x2', 'x3']) writeFileSync(path.join(sandbox, `${name}.txt`), `${name}\n`);
  rmSync(path.join(sandbox, 'a.txt'));
  await expect(diff).toHaveAttribute('data-added', '3', { timeout: 30_000 });
  await expect(diff).toHaveAttribute('data-removed', '1');
  await expect(diff).toHaveText('+3 −1');
  await expect(diff).toHaveAccessibleName('Since the last listing: 3 added, 1 removed. Show what changed.');

  // Kept: the scroll position, the (empty) search, the selection.
  expect(await picker.list.evaluate(el => el.scrollTop)).toBe(1_500);
  await expect(picker.search).toHaveValue('');
  await expect(page.getByTestId('selection-bar')).toHaveAttribute('data-count', '1');

  // The removed one, listed in the popover.
  await diff.click();
  const popover = page.getByTestId('list-diff-popover');
  await expect(popover.getByTestId('removed-item')).toHaveAttribute('data-uri', 'file:///a.txt');
  await expect(popover).toContainText('3 added');
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(diff).toBeFocused();

  // The added rows carry a New mark while unseen; in view for a moment, they lose it (the count stays).
  await picker.search.fill('file:///x');
  await expect(page.locator('[data-testid="resource-row"][data-new="true"]')).toHaveCount(3);
  await expect(picker.row('file:///x1.txt').locator('.row-new')).toHaveText('New');
  await expect(page.locator('[data-testid="resource-row"][data-new="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(diff).toHaveAttribute('data-added', '3');
  await picker.search.fill('file:///b.txt');
  await expect(picker.row('file:///b.txt')).toHaveAttribute('data-selected', 'true');

  // Dismissed, the badge goes.
  await diff.click();
  await page.getByTestId('list-diff-dismiss').click();
  await expect(diff).toHaveCount(0);
});
