// Live resources end to end in browser mode: watch the reference server's clock and see it update by itself
// (viewer, diff, Watched panel), see a watch come back after the server restarts, and see list_changed
// refresh the picker without losing the search, the selection or the scroll position.
import type { Page } from '@playwright/test';
import { expect, test, type PickerPage } from './picker-page';

const CLOCK = 'ref://live/clock';

// Each test waits for real server ticks (and one restarts a server) on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 });

/** The clock text shown in the viewer (an ISO timestamp). */
async function shownClock(picker: PickerPage): Promise<string> {
  return (await picker.part().locator('pre').textContent())?.trim() ?? '';
}

async function watchedItem(page: Page, uri: string) {
  const tab = page.getByRole('tab', { name: 'Watched' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  return page.getByTestId('subscriptions-panel').locator(`[data-testid="subscription-item"][data-uri="${uri}"]`);
}

test.describe('watching the clock (2026-07-28 over stdio)', () => {
  test.use({ appServers: { ref: { transport: 'stdio', args: ['--resources', '20', '--update-interval-ms', '700'] } } });

  test('updates arrive by themselves: new content, a diff, counts in the Watched panel', async ({ page, picker }) => {
    await picker.waitForList();
    await picker.open(CLOCK);
    const toggle = picker.viewer.getByTestId('subscribe-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(picker.viewer.locator('.subscribe-status')).toHaveAttribute('data-status', 'active');

    // At least three automatic updates, each one a newer time in the viewer, with no click in between.
    const seen = new Set([await shownClock(picker)]);
    await expect.poll(async () => seen.add(await shownClock(picker)).size, { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(4);
    const times = [...seen].map(t => Date.parse(t));
    expect(times.every(Number.isFinite)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    await picker.viewer.getByTestId('resource-diff-button').click();
    const diff = picker.viewer.getByTestId('resource-diff');
    await expect(diff).toHaveAttribute('data-added', '1');
    await expect(diff).toHaveAttribute('data-removed', '1');

    const item = await watchedItem(page, CLOCK);
    await expect(item).toHaveAttribute('data-status', 'active');
    await expect.poll(async () => Number(await item.getAttribute('data-updates'))).toBeGreaterThanOrEqual(3);
    expect(Number(await item.getAttribute('data-last-updated'))).toBeGreaterThan(Date.now() - 30_000);
    await expect(item).toContainText('subscriptions/listen');

    // Stop: the count stays where it is.
    await item.getByRole('button', { name: 'Stop' }).click();
    await expect(item).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('resuming (2025-11-25 over HTTP)', () => {
  test.use({ appServers: { web: { transport: 'http', args: ['--era', 'legacy', '--resources', '20', '--update-interval-ms', '700'] } } });

  test('a watch comes back by itself after the server restarts', async ({ page, picker, app }) => {
    await picker.waitForList();
    const server = page.locator('[data-testid="server-item"][data-server-id="web"]');
    await expect(server).toHaveAttribute('data-era', 'legacy');
    await picker.open(CLOCK);
    await picker.viewer.getByTestId('subscribe-toggle').click();
    const item = await watchedItem(page, CLOCK);
    await expect(item).toHaveAttribute('data-status', 'active');
    await expect(item).toContainText('resources/subscribe');
    await expect.poll(async () => Number(await item.getAttribute('data-updates')), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    await app.killServer('web');
    await expect(item).toHaveAttribute('data-status', 'resuming', { timeout: 30_000 });
    await expect(server).not.toHaveAttribute('data-status', 'connected');
    const updatesWhileDown = Number(await item.getAttribute('data-updates'));
    const clockWhileDown = await shownClock(picker);

    await app.restartServer('web');
    await expect(server).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(item).toHaveAttribute('data-status', 'active', { timeout: 30_000 });
    await expect.poll(async () => Number(await item.getAttribute('data-updates')), { timeout: 20_000 }).toBeGreaterThan(updatesWhileDown + 1);
    await expect.poll(() => shownClock(picker), { timeout: 20_000 }).not.toBe(clockWhileDown);
  });
});

test.describe('list_changed', () => {
  // The ephemeral resource appears and disappears every 3 ticks, each time with list_changed.
  test.use({ appServers: { ref: { transport: 'stdio', args: ['--resources', '300', '--update-interval-ms', '500'] } } });

  test('refreshes the picker without losing the search, the selection or the scroll position', async ({ page: _page, picker }) => {
    const before = await picker.waitForList(300);

    // Scroll down the list and open a row there: one drawn inside the scrolled viewport, found once the
    // virtualizer has drawn the rows for the new position (a row read right after scrollTo is one from the top).
    await picker.list.evaluate(el => el.scrollTo({ top: 3000 }));
    let uri = '';
    await expect
      .poll(async () => {
        uri = await picker.list.evaluate(list => {
          const view = list.getBoundingClientRect();
          const inView = [...list.querySelectorAll<HTMLElement>('[data-testid="resource-row"]')]
            .filter(row => row.getBoundingClientRect().top >= view.top && row.getBoundingClientRect().bottom <= view.bottom)
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
          return list.scrollTop > 1000 && inView.length > 3 ? (inView[3].dataset.uri ?? '') : '';
        });
        return uri;
      })
      .not.toBe('');
    await picker.row(uri).click();
    await expect(picker.viewer).toHaveAttribute('data-uri', uri);
    const scrollTop = await picker.list.evaluate(el => el.scrollTop);
    expect(scrollTop).toBeGreaterThan(1000);

    // The list grows and shrinks by one on its own.
    const counts = new Set([before]);
    await expect.poll(async () => counts.add(await picker.loaded()).size, { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(2);
    expect(Math.max(...counts) - Math.min(...counts)).toBe(1);
    expect(Math.abs((await picker.list.evaluate(el => el.scrollTop)) - scrollTop)).toBeLessThan(5);
    await expect(picker.viewer).toHaveAttribute('data-uri', uri);
    await expect(picker.row(uri)).toHaveAttribute('aria-selected', 'true');

    // With a search that only the ephemeral resource matches, its arrival and departure show as they happen.
    await picker.search.fill('ephemeral');
    await expect.poll(() => picker.matching()).toBeLessThanOrEqual(1);
    const matches = new Set<number>();
    await expect.poll(async () => matches.add(await picker.matching()).size, { timeout: 30_000, intervals: [100] }).toBe(2);
    expect([...matches].sort()).toEqual([0, 1]);
    await expect(picker.search).toHaveValue('ephemeral');
    await expect(picker.viewer).toHaveAttribute('data-uri', uri);
  });
});
