// The page's channel to the engine (browser mode's socket) drops: the page says so, gets it back by itself,
// and keeps what the user had (the open resource, the search, the filters, the watch); a call in flight when it
// dropped fails with a retry instead of hanging, and is made again once the channel is back. The socket is routed through Playwright (routeWebSocket), which
// lets the test cut it and refuse reconnects for a while; everything else is the real app and engine.
import type { WebSocketRoute } from '@playwright/test';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: { ...STEADY_REFERENCE, args: [...STEADY_REFERENCE.args, '--slow-ms', '3000'] } }, openApp: false });
test.describe.configure({ timeout: 120_000 });

test('a dropped engine channel comes back by itself and keeps what was open; a call in flight fails, then is made again', async ({ page, app, picker }) => {
  let live: { page: WebSocketRoute; server: WebSocketRoute } | undefined;
  let refusing = false;
  let sockets = 0;
  await page.routeWebSocket(/./, ws => {
    sockets++;
    // While refusing, the page's reconnect attempts are closed at once, as an engine that is not back yet.
    if (refusing) return void ws.close({ code: 1013, reason: 'not back yet' });
    live = { page: ws, server: ws.connectToServer() };
  });
  const drop = async () => {
    refusing = true;
    await live?.server.close();
    await live?.page.close({ code: 4000, reason: 'dropped by the test' });
  };
  await page.goto(app.url);
  await picker.waitForList();

  await test.step('set up: a watched resource open, a search and a filter', async () => {
    await picker.open('ref://live/clock');
    await page.getByTestId('subscribe-toggle').click();
    await expect(page.getByTestId('subscribe-toggle')).toHaveAttribute('aria-pressed', 'true');
    await picker.search.fill('samples');
    await page.getByTestId('filter-audience-user').click();
  });
  const filterState = await page.getByTestId('filter-audience-user').evaluate(el => el.getAttribute('aria-pressed') ?? String((el as HTMLInputElement).checked));

  await test.step('the channel drops: the page says so, and keeps what was open', async () => {
    await drop();
    const status = page.getByTestId('engine-channel');
    await expect(status).toHaveAttribute('data-state', 'reconnecting');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://live/clock');
    await expect(picker.search).toHaveValue('samples');
    // A reconnect attempt was refused meanwhile: the page keeps trying by itself.
    await expect.poll(() => sockets, { timeout: 15_000 }).toBeGreaterThan(1);
  });

  await test.step('it comes back by itself, with the watch and the filters as they were', async () => {
    refusing = false;
    await expect(page.getByTestId('engine-channel')).toHaveCount(0, { timeout: 30_000 });
    await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://live/clock');
    await expect(page.getByTestId('subscribe-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(picker.search).toHaveValue('samples');
    const after = await page.getByTestId('filter-audience-user').evaluate(el => el.getAttribute('aria-pressed') ?? String((el as HTMLInputElement).checked));
    expect(after).toBe(filterState);
    await expect(picker.part()).toBeVisible();
  });

  await test.step('a read in flight when the channel drops fails with a retry; once back, it is read again by itself', async () => {
    await picker.resetFilters();
    await picker.search.fill('ref://errors/slow');
    await picker.row('ref://errors/slow').click();
    await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://errors/slow');
    await drop();
    const banner = picker.viewer.getByTestId('error-banner');
    await expect(banner).toHaveAttribute('data-code', 'transport', { timeout: 15_000 });
    await expect(banner).toContainText('engine connection dropped');
    await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
    refusing = false;
    await expect(page.getByTestId('engine-channel')).toHaveCount(0, { timeout: 30_000 });
    // Everything is refetched once the channel is back, the failed read included: no click needed.
    await expect(picker.part()).toContainText('Finally here after 3000 ms', { timeout: 30_000 });
    await expect(banner).toHaveCount(0);
  });
});
