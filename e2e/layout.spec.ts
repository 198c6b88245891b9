// The shell in browser mode against the real reference server: resizable panes (role="separator", keyboard
// resizing), collapsing and re-opening each pane, the layout kept across a reload; a toast when the server
// process dies; palette commands for disabling/enabling a server and switching the language. Axe in both themes.
import { expectNoAxeViolations } from './fixtures/axe';
import type { Page } from '@playwright/test';
import { expect, listFromEngine, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

const pane = (page: Page, id: string) => page.locator(`[data-testid="pane"][data-pane="${id}"]`);
const width = async (page: Page, id: string) => (await pane(page, id).boundingBox())!.width;

async function runCommand(page: Page, query: string, id: string) {
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type(query);
  const item = page.getByTestId('command-palette').locator(`[data-testid="command-item"][data-command-id="${id}"]`);
  await expect(item).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
}

test('panes resize from the keyboard, collapse and re-open, and keep their layout across a reload at another window size', async ({ page, picker }) => {
  await picker.waitForList();
  const separators = page.getByRole('separator');
  await expect(separators).toHaveCount(4);

  // Keyboard resize of the servers pane: its separator takes arrows.
  const before = await width(page, 'servers');
  await separators.first().focus();
  // Each arrow is 5% of the width. Two stay clear of the neighbours' minimum widths: five would squeeze the list
  // and viewer below theirs, and the next pane to grow (the tray re-opening) would collapse one of them.
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => width(page, 'servers')).toBeGreaterThan(before + 20);
  const resized = await width(page, 'servers');

  // Collapse the tray with its button, re-open it from its rail.
  await pane(page, 'tray').getByRole('button', { name: 'Collapse Context' }).click();
  await expect(pane(page, 'tray')).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByTestId('context-tray')).toHaveCount(0);
  await pane(page, 'tray').getByRole('button', { name: 'Expand Context' }).click();
  await expect(pane(page, 'tray')).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByTestId('context-tray')).toBeVisible();

  // Double-click on the handle collapses the servers pane; it stays collapsed and resized panes keep their size after a reload.
  const listOpen = await width(page, 'list');
  await pane(page, 'list').getByRole('button', { name: 'Collapse Resources' }).click();
  await expect(pane(page, 'list')).toHaveAttribute('data-collapsed', 'true');
  await separators.first().dblclick();
  await expect(pane(page, 'servers')).toHaveAttribute('data-collapsed', 'true');
  await separators.first().dblclick();
  await expect(pane(page, 'servers')).toHaveAttribute('data-collapsed', 'false');
  // Reloaded in a narrower window: the saved shares are of another width, and the list still re-opens.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width - 37, height: viewport.height });
  await page.reload();
  await expect(pane(page, 'list')).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(() => width(page, 'servers')).toBeGreaterThan(resized - 40);
  await pane(page, 'list').getByRole('button', { name: 'Expand Resources' }).click();
  await expect(pane(page, 'list')).toHaveAttribute('data-collapsed', 'false');
  // At the size it had open, scaled to the narrower window, not at its minimum width.
  await expect.poll(() => width(page, 'list')).toBeGreaterThan(listOpen - 30);
  await picker.waitForList();
  await page.setViewportSize(viewport);

  // The dock: choosing a tab opens its pane, choosing it again closes it.
  await expect(pane(page, 'dock')).toHaveAttribute('data-collapsed', 'true');
  const dockClosed = (await pane(page, 'dock').boundingBox())!.height;
  await page.getByRole('tab', { name: 'Cache' }).click();
  await expect(pane(page, 'dock')).toHaveAttribute('data-collapsed', 'false');
  await expect.poll(async () => (await pane(page, 'dock').boundingBox())!.height).toBeGreaterThan(dockClosed + 80);
  await page.getByRole('tab', { name: 'Cache' }).click();
  await expect.poll(async () => (await pane(page, 'dock').boundingBox())!.height).toBeLessThan(dockClosed + 2);
});

test('a dying server shows a dismissible toast; the palette disables, enables and switches the language', async ({ page, app, picker }) => {
  await picker.waitForList();
  const reference = page.locator('[data-testid="server-item"][data-server-id="reference"]');

  await app.killServer('reference');
  const toast = page.getByTestId('toast').filter({ hasText: 'reference' });
  await expect(toast.first()).toBeVisible({ timeout: 30_000 });
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toBeAttached();
  // Held open while the test acts on it: the toast closes itself after 5 s, and on a busy machine the click's own
  // waits (the toast slides in) outlasted that once. Radix pauses its timer while the viewport has focus, so the
  // toast can now only close by its Dismiss button.
  await notifications.locator('ol').focus();
  await toast.first().getByTestId('toast-dismiss').click();
  await expect(toast).toHaveCount(0);
  await expect(reference).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });

  await runCommand(page, 'disable reference', 'server.disable:reference');
  await expect(reference).toHaveAttribute('data-disabled', 'true');
  await runCommand(page, 'enable reference', 'server.enable:reference');
  await expect(reference).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });

  await runCommand(page, 'language 简体', 'language.set:zh-CN');
  await expect(page.getByTestId('app')).toHaveAttribute('lang', 'zh-CN');
  await expect(reference.getByTestId('server-status')).toHaveText('已连接');
  await expect(pane(page, 'servers').getByRole('button', { name: '折叠服务器' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing in the shell with a collapsed pane, the dock open and a toast (${theme})`, async ({ page, app, picker }) => {
    await page.emulateMedia({ colorScheme: theme });
    await picker.waitForList();
    await pane(page, 'tray').getByRole('button', { name: 'Collapse Context' }).click();
    await page.getByRole('tab', { name: 'Protocol log' }).click();
    await app.killServer('reference');
    await expect(page.getByTestId('toast').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('app')).toHaveAttribute('data-theme', theme);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`shell-${theme}.png`) });
  });
}

test("a row's badges are never cut: the URI beside them shortens instead", async ({ app, picker }) => {
  await picker.waitForList();
  // A row with the widest set of badges the reference server gives: both audiences, a priority and a date.
  const all = await listFromEngine(app.engine, 'reference');
  const widest = all.find(i => i.annotations?.audience?.length === 2 && i.annotations.priority !== undefined && i.annotations.lastModified);
  expect(widest, 'the reference server lists a resource for both audiences, with a priority and a date').toBeDefined();
  await picker.search.fill(widest!.uri);
  const row = picker.row(widest!.uri);
  await expect(row.locator('.badge')).toHaveCount(4);
  // Each badge lies inside every box that clips it on the way up to its row; the URI ends before the first badge.
  const cut = await row.evaluate(rowEl => {
    const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const problems: string[] = [];
    const badges = [...rowEl.querySelectorAll<HTMLElement>('.badge')];
    for (const badge of badges) {
      for (let box: HTMLElement | null = badge.parentElement; box && box !== rowEl.parentElement; box = box.parentElement) {
        if (getComputedStyle(box).overflow !== 'visible' && !inside(badge.getBoundingClientRect(), box.getBoundingClientRect())) problems.push(`"${badge.textContent}" cut by .${box.className}`);
      }
    }
    const uri = rowEl.querySelector('.row-uri')!.getBoundingClientRect();
    if (uri.right > badges[0].getBoundingClientRect().left + 0.5) problems.push('the URI runs under the first badge');
    return problems;
  });
  expect(cut).toEqual([]);
});

test("a content part's actions stay together on one line", async ({ app, picker }) => {
  await picker.waitForList();
  // A JSON part has the most actions (view source, copy, save) beside its kind, MIME type and size.
  const json = (await listFromEngine(app.engine, 'reference')).find(i => i.mimeType === 'application/json');
  expect(json, 'the reference server lists a JSON resource').toBeDefined();
  await picker.open(json!.uri);
  const part = picker.part();
  await expect(part.getByTestId('view-source')).toBeVisible();
  const tops = await Promise.all(['view-source', 'copy-content', 'save-content'].map(async id => Math.round((await part.getByTestId(id).boundingBox())!.y)));
  expect(new Set(tops).size, `the actions' tops: ${tops.join(', ')}`).toBe(1);
});
