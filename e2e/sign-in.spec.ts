// Sign-in (OAuth) end to end in browser mode, against the reference server's --auth mode (its own authorization
// server, oidc-provider) over real HTTP: the card's status and buttons, the tab the page opens, the consent page,
// silent refresh after the token expired, step-up to a scope the first sign-in did not grant, sign-out dropping
// the private cache entries, two servers signed in as two users, the OAuth view, and no token anywhere the page,
// the protocol log, the config file or the app's stderr could show it.
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { allowOnConsentPage, autoApproved, recordSocketFrames, signInTab, tokensInVault } from './fixtures/sign-in';
import { test, expect, type PickerPage } from './picker-page';

// A consent page, a refresh and a step-up are several rounds through two processes on 2 shared cores.
test.describe.configure({ timeout: 180_000 });

const WHOAMI = 'ref://auth/whoami';
const SECRET = 'ref://auth/secret';
/** Access tokens live 4 s, so the test can outlive one (the engine refreshes ahead of expiry and on a 401). */
const TOKEN_TTL_S = 4;

/** `ref://auth/whoami` names this user (the viewer shows JSON as a tree: `user: "dora"`). */
const userIs = (user: string) => new RegExp(`user"?:\\s*"${user}"`);

const card = (page: Page, serverId: string) => page.locator(`[data-testid="server-item"][data-server-id="${serverId}"]`);

async function openOn(picker: PickerPage, serverId: string, uri: string): Promise<void> {
  await picker.search.fill(uri);
  await picker.page.locator(`[data-testid="resource-row"][data-server-id="${serverId}"][data-uri="${uri}"]`).click();
  await expect(picker.viewer).toHaveAttribute('data-uri', uri);
  await expect(picker.viewer).toHaveAttribute('data-server-id', serverId);
}

test.describe('a server that needs sign-in, with a consent page', () => {
  test.use({
    appServers: { secure: { transport: 'http', args: ['--auth', '--auth-token-ttl-s', String(TOKEN_TTL_S), '--update-interval-ms', '3600000'] } },
    openApp: false
  });

  test('signs in through the consent page, refreshes silently, steps up, signs out, and no token reaches the page, the log, the config or stderr', async ({
    app,
    page,
    context,
    picker
  }) => {
    const frames = recordSocketFrames(page);
    await page.goto(app.url);
    const secure = card(page, 'secure');
    const status = secure.getByTestId('auth-status');
    const tokens = new Set<string>();
    const noteTokens = async () => (await tokensInVault(app.dataDir)).forEach(t => tokens.add(t));

    await test.step('the card says sign-in is required and offers Sign in', async () => {
      await expect(status).toHaveAttribute('data-auth-state', 'required', { timeout: 30_000 });
      await expect(secure).toHaveAttribute('data-status', 'error');
      await expect(status.getByTestId('auth-error')).toContainText('sign in');
      await expectNoAxeViolations(page, { include: '[data-testid="server-item"][data-server-id="secure"]' });
    });

    let firstAccessToken = '';
    await test.step('Sign in opens the consent page in a new tab; Allow signs in as the user typed; list and read work', async () => {
      const tab = await signInTab(context, () => secure.getByTestId('sign-in-button').click());
      await expect(status).toHaveAttribute('data-auth-state', 'pending');
      await expect(status).toHaveAttribute('data-auth-step', 'awaiting-browser');
      await expect(status).toContainText('Waiting for you to sign in in the browser');
      await expect(status.getByTestId('sign-in-cancel')).toBeVisible();
      await expectNoAxeViolations(page, { include: '[data-testid="server-item"][data-server-id="secure"]' });
      await allowOnConsentPage(tab, 'dora');
      await tab.close();

      await expect(status).toHaveAttribute('data-auth-state', 'signed-in');
      await expect(secure).toHaveAttribute('data-status', 'connected');
      await expect(status.getByTestId('auth-scopes')).toHaveAttribute('data-scopes', /(^| )mcp( |$)/);
      expect(Number(await status.getByTestId('auth-expires').getAttribute('data-expires-at'))).toBeGreaterThan(Date.now() - 10_000);
      await expect(status.getByTestId('sign-out-button')).toBeVisible();
      await expectNoAxeViolations(page, { include: '[data-testid="server-item"][data-server-id="secure"]' });

      await picker.waitForList(10);
      await openOn(picker, 'secure', WHOAMI);
      await expect(picker.part()).toContainText(userIs('dora'));
      await noteTokens();
      [firstAccessToken] = await tokensInVault(app.dataDir);
      expect(firstAccessToken).toBeTruthy();
    });

    await test.step('the token expires and is refreshed with no prompt: reads keep working, no new tab opens', async () => {
      const tabsBefore = context.pages().length;
      // Past the token's lifetime: the server itself now refuses the first access token.
      await page.waitForTimeout((TOKEN_TTL_S + 1) * 1000);
      const refused = await fetch(app.serverUrl('secure'), {
        method: 'POST',
        headers: { authorization: `Bearer ${firstAccessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}'
      });
      expect(refused.status).toBe(401);

      await page.getByTestId('refresh-button').click();
      // The viewer showed dora and a cache miss before the click too, so the refresh itself is awaited: the flow
      // log records the token response as it arrives, and the vault is written just after.
      await expect
        .poll(async () => (await app.engine.call('auth.details', { serverId: 'secure' })).flow.some(s => s.kind === 'refresh' && s.status === 200 && s.outcome === 'ok'))
        .toBe(true);
      await expect.poll(() => tokensInVault(app.dataDir)).not.toContain(firstAccessToken);
      await expect(picker.viewer.getByTestId('cache-badge')).toHaveAttribute('data-cache-state', 'miss');
      await expect(picker.part()).toContainText(userIs('dora'));
      await expect(status).toHaveAttribute('data-auth-state', 'signed-in');
      expect(context.pages().length).toBe(tabsBefore);
      await noteTokens();
    });

    await test.step('step-up: reading the scoped resource asks for sign-in again with the extra scope; after consent it reads', async () => {
      await openOn(picker, 'secure', SECRET);
      await expect(picker.viewer.getByTestId('error-banner')).toHaveAttribute('data-code', 'unauthorized');
      await expect(status).toHaveAttribute('data-auth-state', 'required');
      await expect(status.getByTestId('auth-scopes')).toHaveAttribute('data-scopes', /ref:secret/);
      const tab = await signInTab(context, () => status.getByTestId('sign-in-button').click());
      await tab.waitForURL(/\/consent\//);
      await expect(tab.locator('body')).toContainText('ref:secret');
      await allowOnConsentPage(tab, 'dora');
      await tab.close();
      await expect(status).toHaveAttribute('data-auth-state', 'signed-in');
      await expect(status.getByTestId('auth-scopes')).toHaveAttribute('data-scopes', /ref:secret/);
      // Signing in refetches what the page shows for the server: the refused read is read again.
      await expect(picker.part()).toContainText('The secret of dora is', { timeout: 30_000 });
      await noteTokens();
    });

    await test.step('the OAuth view shows the metadata, the client and each step of the last flow, secrets redacted', async () => {
      await page.getByRole('tab', { name: 'Server details' }).click();
      await page.getByTestId('server-details-select').selectOption('secure');
      const view = page.getByTestId('oauth-view');
      await expect(view).toHaveAttribute('data-auth-state', 'signed-in');
      const prm = view.getByTestId('oauth-resource-metadata');
      await expect(prm).toHaveAttribute('data-found', 'true');
      await expect(prm.locator('[data-field="resource"]')).toContainText(app.serverUrl('secure'));
      await expect(view.getByTestId('oauth-as-metadata').locator('[data-field="code_challenge_methods_supported"]')).toContainText('S256');
      await expect(view.getByTestId('oauth-client')).toHaveAttribute('data-registration', 'dynamic');
      await expect(view.locator('[data-testid="oauth-check"][data-ok="false"]')).toHaveCount(0);
      await expect(view.locator('[data-testid="oauth-check"][data-check="pkce-s256"]')).toHaveAttribute('data-ok', 'true');
      await expect(view.locator('[data-testid="oauth-flow-step"][data-kind="token"]').last()).toHaveAttribute('data-status', '200');
      const callback = view.locator('[data-testid="oauth-flow-step"][data-kind="callback"]').last();
      await expect(callback).toHaveAttribute('data-outcome', 'ok');
      await expect(callback).toContainText('code=%5Bredacted%5D');
      await expect(view.locator('[data-testid="oauth-flow-step"][data-kind="authorization"]').last()).toHaveAttribute('data-method', 'GET');
      await expectNoAxeViolationsInBothThemes(page, { include: ['[data-testid="oauth-view"]', '[data-testid="server-item"][data-server-id="secure"]'] });
    });

    await test.step('sign out drops the private cache entries of the server', async () => {
      await page.getByRole('tab', { name: 'Cache' }).click();
      const privateEntries = page.locator('[data-testid="cache-entry"][data-server-id="secure"][data-scope="private"]');
      await expect(privateEntries.filter({ hasText: SECRET })).toHaveCount(1);
      // (whoami's entry went at the step-up: a new sign-in without an ID token is another principal to the engine.)
      await status.getByTestId('sign-out-button').click();
      await expect(status).toHaveAttribute('data-auth-state', /required|none/);
      await expect(privateEntries).toHaveCount(0);
      expect((await app.engine.call('cache.snapshot', {})).entries.filter(e => e.serverId === 'secure' && e.scope === 'private')).toEqual([]);
      // The grant is gone from the vault too.
      expect(await tokensInVault(app.dataDir)).toEqual([]);
    });

    await test.step('no token in the page, its socket, the protocol log, the config file or the app stderr', async () => {
      expect(tokens.size).toBeGreaterThanOrEqual(3);
      const html = await page.evaluate(() => document.documentElement.outerHTML);
      await page.getByRole('tab', { name: 'Protocol log' }).click();
      await expect(page.getByTestId('protocol-entry').first()).toBeVisible();
      const logPanel = await page.getByTestId('protocol-log').innerText();
      const log = JSON.stringify((await app.engine.call('log.query', { serverId: 'secure' })).entries);
      const config = await readFile(app.configPath, 'utf8');
      const places = { html, socket: frames.join('\n'), logPanel, log, config, stderr: app.bridgeLog() };
      expect(frames.length).toBeGreaterThan(10);
      for (const token of tokens) {
        for (const [where, text] of Object.entries(places)) expect(text.includes(token), `a token appeared in ${where}`).toBe(false);
      }
      // Not the header either, whatever token it would carry.
      for (const [where, text] of Object.entries(places)) expect(/Bearer [A-Za-z0-9._~+/-]{8,}/.test(text), `a bearer header appeared in ${where}`).toBe(false);
    });
  });

  test('a blocked sign-in tab is offered as a link; Cancel goes back to required; Deny fails the sign-in and Try again starts a new one', async ({ app, page, context }) => {
    // Playwright's Chromium lets every popup through, so a popup blocker is stood in for: window.open answers
    // null, as it does when a blocker refuses.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(app.url);
    const status = card(page, 'secure').getByTestId('auth-status');
    await status.getByTestId('sign-in-button').click();
    await expect(status).toHaveAttribute('data-auth-step', 'awaiting-browser');
    await expect(status.getByRole('alert')).toContainText('blocked the sign-in tab');
    await status.getByTestId('sign-in-cancel').click();
    // Cancelling puts the server back as it was before the flow: it still needs sign-in.
    await expect(status).toHaveAttribute('data-auth-state', 'required');
    await expect(status.getByTestId('sign-in-button')).toHaveText('Sign in');

    await status.getByTestId('sign-in-button').click();
    const tab = await signInTab(context, () => status.getByTestId('sign-in-link').click());
    await tab.waitForURL(/\/consent\//);
    await tab.getByRole('button', { name: 'Deny' }).click();
    await expect(tab.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
    await tab.close();
    await expect(status).toHaveAttribute('data-auth-state', 'failed');
    await expect(status.getByTestId('auth-error')).toContainText('access_denied');
    await expect(status.getByTestId('sign-in-button')).toHaveText('Try again');
    await expectNoAxeViolationsInBothThemes(page, { include: '[data-testid="server-item"][data-server-id="secure"]' });

    await status.getByTestId('sign-in-button').click();
    await expect(status).toHaveAttribute('data-auth-step', 'awaiting-browser');
    await expect(status.getByTestId('sign-in-link')).toBeVisible();
  });
});

test.describe('two servers signed in as two users', () => {
  test.use({
    appServers: {
      alice: { transport: 'http', args: ['--auth', '--auth-auto-approve', '--auth-user', 'alice', '--update-interval-ms', '3600000'] },
      bob: { transport: 'http', args: ['--auth', '--auth-auto-approve', '--auth-user', 'bob', '--update-interval-ms', '3600000'] }
    }
  });

  test('never see each other’s private entries', async ({ app, page, context, picker }) => {
    for (const user of ['alice', 'bob']) {
      const status = card(page, user).getByTestId('auth-status');
      await expect(status).toHaveAttribute('data-auth-state', 'required', { timeout: 30_000 });
      const tab = await signInTab(context, () => status.getByTestId('sign-in-button').click());
      await autoApproved(tab);
      await tab.close();
      await expect(status).toHaveAttribute('data-auth-state', 'signed-in');
      await expect(card(page, user)).toHaveAttribute('data-status', 'connected');
    }
    await picker.waitForList(20);
    // Each read twice, the second served from the cache: each server's private entry answers for its own user.
    for (const round of [1, 2]) {
      for (const user of ['alice', 'bob']) {
        await openOn(picker, user, WHOAMI);
        await expect(picker.viewer.getByTestId('cache-badge')).toHaveAttribute('data-cache-state', round === 1 ? 'miss' : 'fresh');
        await expect(picker.part()).toContainText(userIs(user));
        await expect(picker.part()).not.toContainText(user === 'alice' ? 'bob' : 'alice');
      }
    }
    const whoamiEntries = (await app.engine.call('cache.snapshot', {})).entries.filter(e => e.params === WHOAMI);
    expect(whoamiEntries.map(e => [e.serverId, e.scope]).sort()).toEqual([
      ['alice', 'private'],
      ['bob', 'private']
    ]);
    expect(new Set(whoamiEntries.map(e => e.partition)).size).toBe(2);

    // Signing one out leaves the other's private entries alone.
    await card(page, 'alice').getByTestId('sign-out-button').click();
    await expect.poll(async () => (await app.engine.call('cache.snapshot', {})).entries.filter(e => e.params === WHOAMI).map(e => e.serverId)).toEqual(['bob']);
  });
});
