// First run in browser mode: with no config file the engine configures the embedded reference server, and the
// page shows a short tour naming each pane; dismissed, it does not come back after a reload; the command
// palette shows it again. Axe on the tour in both themes.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { expect, test } from './picker-page';

test.use({ appServers: null });
test.describe.configure({ timeout: 150_000 });

test('the tour names each pane once, and the palette shows it again', async ({ page, picker }) => {
  const tour = page.getByTestId('tour');
  await expect(tour).toBeVisible({ timeout: 30_000 });
  const steps: string[] = [];
  for (;;) {
    steps.push((await tour.getAttribute('data-step'))!);
    const next = tour.getByTestId('tour-next');
    if ((await next.textContent()) === 'Done') {
      await next.click();
      break;
    }
    await next.click();
  }
  expect(steps).toEqual(['servers', 'list', 'viewer', 'tray', 'dock']);
  await expect(tour).toHaveCount(0);

  await page.reload();
  await picker.waitForList();
  await expect(page.locator('[data-testid="server-item"][data-server-id="reference"]')).toHaveAttribute('data-status', 'connected');
  await expect(tour).toHaveCount(0);

  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('tour');
  await expect(page.locator('[data-testid="command-item"][data-command-id="tour.start"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(tour).toHaveAttribute('data-step', 'servers');
  await page.keyboard.press('Escape');
  await expect(tour).toHaveCount(0);
});

test('axe finds nothing with the tour open, light and dark', async ({ page, app }) => {
  expect(app.url).toContain('token');
  const tour = page.getByTestId('tour');
  await expect(tour).toBeVisible({ timeout: 30_000 });
  await tour.getByTestId('tour-next').click();
  await expect(tour).toHaveAttribute('data-step', 'list');
  await expectNoAxeViolationsInBothThemes(page, { screenshot: 'tour' });
  await tour.getByTestId('tour-skip').click();
  await expect(tour).toHaveCount(0);
});
