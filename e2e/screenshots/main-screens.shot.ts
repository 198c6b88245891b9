// `npm run screenshots`: drives the real app (browser mode, the bundled reference server over stdio and a
// second one over HTTP that needs sign-in) and writes docs/images/<screen>-<theme>.png for the README. Not part
// of `npm test`: it writes into the repo. Each screen is set up as a user would, then shot in light and dark.
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { brokenServer } from '../fixtures/reference-servers';
import { autoApproved, signInTab } from '../fixtures/sign-in';
import { test, expect, type PickerPage } from '../picker-page';

const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));
const themes = ['light', 'dark'] as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({
  appServers: {
    reference: { transport: 'stdio' },
    secure: { transport: 'http', args: ['--auth', '--auth-auto-approve', '--update-interval-ms', '3600000'] }
  },
  viewport: { width: 1440, height: 900 }
});

/** Writes `<name>-light.png` and `<name>-dark.png`, following the OS theme (the toggle stays on "system"). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.getByTestId('app')).toHaveAttribute('data-theme', theme);
    // Let transitions and virtualized rows settle before the shot.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${IMAGES}${name}-${theme}.png` });
  }
}

async function openDockPanel(page: Page, panelId: string): Promise<void> {
  const tab = page.locator(`[role="tab"][data-panel-id="${panelId}"]`);
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

async function openResource(picker: PickerPage, uri: string): Promise<void> {
  await picker.search.fill(uri);
  await picker.page.locator(`[data-testid="resource-row"][data-server-id="reference"][data-uri="${uri}"]`).click();
  await expect(picker.viewer).toHaveAttribute('data-uri', uri);
}

test('main screens, light and dark', async ({ page, picker, context }) => {
  await picker.waitForList(100);

  await test.step('picker with filters, a resource open, two in the tray', async () => {
    for (const uri of ['ref://samples/config.json', 'ref://samples/sales.csv']) {
      await openResource(picker, uri);
      await picker.viewer.getByTestId('add-to-context').click();
    }
    await picker.search.fill('sample');
    await page.getByTestId('filter-audience-user').click();
    await page.getByTestId('filter-priority-min').fill('0.3');
    await page.getByTestId('sort-select').selectOption('priority');
    const first = picker.rows.first();
    const uri = await first.getAttribute('data-uri');
    await first.click();
    await expect(picker.viewer).toHaveAttribute('data-uri', uri ?? '');
    await shoot(page, 'picker');
  });

  await test.step('the viewer on source code', async () => {
    await picker.resetFilters();
    await openResource(picker, 'ref://samples/main.ts');
    await expect(picker.part()).toBeVisible();
    await shoot(page, 'viewer');
  });

  await test.step('a template filled in, with completion', async () => {
    await openDockPanel(page, 'templates');
    await page.getByTestId('template-item').first().click();
    await expect(page.getByTestId('template-form')).toBeVisible();
    const firstArg = page.locator('[data-testid^="template-arg-"]').first();
    await firstArg.fill('a');
    await page.getByTestId('completion-option').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await shoot(page, 'templates');
  });

  await test.step('the protocol log', async () => {
    await openDockPanel(page, 'protocol-log');
    await expect(page.getByTestId('protocol-entry').first()).toBeVisible();
    await shoot(page, 'protocol-log');
  });

  await test.step('sign-in: a server signed in, its OAuth view', async () => {
    const card = page.locator('[data-testid="server-item"][data-server-id="secure"]');
    const status = card.getByTestId('auth-status');
    await expect(status).toHaveAttribute('data-auth-state', 'required', { timeout: 30_000 });
    const tab = await signInTab(context, () => card.getByTestId('sign-in-button').click());
    await autoApproved(tab);
    await tab.close();
    await expect(status).toHaveAttribute('data-auth-state', 'signed-in');
    await openDockPanel(page, 'server-details');
    await page.getByTestId('server-details-select').selectOption('secure');
    await expect(page.getByTestId('oauth-view')).toBeVisible();
    await page.getByTestId('oauth-view').scrollIntoViewIfNeeded();
    await shoot(page, 'sign-in');
  });

  await test.step('the command palette going to a resource', async () => {
    await page.keyboard.press('Control+Shift+P');
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    await page.keyboard.type('guide');
    await shoot(page, 'palette');
    await page.keyboard.press('Escape');
  });
});

test.describe('broken servers', () => {
  test.use({
    appServers: {
      reference: { transport: 'stdio' },
      missing: { config: { command: 'mcp-server-that-is-not-installed', args: [] } },
      loop: { config: brokenServer('exit-after-init', ['--exit-code', '3']) },
      noisy: { config: brokenServer('malformed') },
      wrong: { config: brokenServer('wrong-ids') }
    }
  });

  test('a fleet with broken servers, light and dark', async ({ page, picker }) => {
    await picker.waitForList(100);
    const card = (id: string) => page.locator(`[data-testid="server-item"][data-server-id="${id}"]`);
    await expect(card('missing')).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(card('loop')).toContainText(/Crash loop/, { timeout: 60_000 });
    await expect(card('noisy').getByTestId('server-stdout-noise')).toBeVisible({ timeout: 30_000 });
    await openDockPanel(page, 'protocol-log');
    await page.getByTestId('log-filter-errors').check();
    await expect(page.locator('[data-testid="protocol-entry"][data-kind="not-json-rpc"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="protocol-entry"][data-unmatched="true"]').first()).toBeVisible();
    await page.locator('[data-testid="protocol-entry"][data-kind="not-json-rpc"]').first().click();
    // Toasts fade on their own; the cards say the same.
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
    await shoot(page, 'broken-servers');
  });
});
