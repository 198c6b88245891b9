// Input-required reads end to end in browser mode, on both eras (2026-07-28: `input_required` results the
// engine retries; 2025-11-25: `elicitation/create` pushed while the read waits): unlock the passphrase vault
// after a wrong passphrase, decline on another resource, and go through the two-round resource.
import { expect, test } from './picker-page';
import { VAULT_PASSPHRASE, VAULT_SECRET } from './fixtures/reference-servers';

test.describe.configure({ timeout: 120_000 });

for (const era of ['modern', 'legacy'] as const) {
  test.describe(`${era} era over stdio`, () => {
    test.use({ appServers: { ref: { transport: 'stdio', args: ['--resources', '20', '--update-interval-ms', '86400000', ...(era === 'legacy' ? ['--era', 'legacy'] : [])] } } });

    test('unlocks the vault after a wrong passphrase, then declines on another resource', async ({ page, picker }) => {
      await picker.waitForList();
      await expect(page.locator('[data-testid="server-item"][data-server-id="ref"]')).toHaveAttribute('data-era', era);
      const dialog = page.getByTestId('input-required-dialog');

      await picker.open('ref://input/vault');
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('role', 'dialog');
      await expect(dialog).toHaveAttribute('data-uri', 'ref://input/vault');
      await expect(dialog).toHaveAttribute('data-mode', 'form');
      await expect(dialog.getByTestId('input-round')).toHaveText('Round 1 of at most 5');
      await expect(dialog).toContainText('Enter the vault passphrase');
      await dialog.getByTestId('input-field-passphrase').fill('not the passphrase');
      await dialog.getByTestId('input-accept').click();

      await expect(dialog).toHaveAttribute('data-round', '2');
      await expect(dialog).toContainText('Wrong passphrase. 2 attempt(s) left.');
      // A fresh form: the wrong answer is not kept.
      await expect(dialog.getByTestId('input-field-passphrase')).toHaveValue('');
      await dialog.getByTestId('input-field-passphrase').fill(VAULT_PASSPHRASE);
      await dialog.getByTestId('input-accept').click();
      await expect(dialog).toHaveCount(0);
      await expect(picker.part()).toContainText(VAULT_SECRET);

      // Another resource asks through a URL: it is shown, opened only on request; here the user declines.
      await picker.open('ref://input/url-mode');
      await expect(dialog).toHaveAttribute('data-mode', 'url');
      await expect(dialog.getByTestId('input-url')).toHaveText(/^https:\/\/example\.com\/authorize\?request=/);
      await expect(dialog.getByTestId('input-open-url')).toBeVisible();
      await dialog.getByTestId('input-decline').click();
      await expect(dialog).toHaveCount(0);
      await expect(picker.part()).toContainText('Authorization declined; nothing to show.');
    });

    test('goes through both rounds of the two-round resource', async ({ page, picker }) => {
      await picker.waitForList();
      const dialog = page.getByTestId('input-required-dialog');
      await picker.open('ref://input/two-round');
      await expect(dialog).toContainText('Round 1 of 2: what is your name?');
      await expect(dialog).toHaveAttribute('data-round', '1');
      // Required and empty: Accept does not send anything yet.
      await dialog.getByTestId('input-accept').click();
      await expect(dialog).toHaveAttribute('data-round', '1');
      await dialog.getByTestId('input-field-name').fill('Ada');
      await dialog.getByTestId('input-accept').click();

      await expect(dialog).toHaveAttribute('data-round', '2');
      await expect(dialog).toContainText('Round 2 of 2: Ada, pick a colour');
      await dialog.getByTestId('input-field-colour').selectOption('green');
      await dialog.getByTestId('input-accept').click();
      await expect(dialog).toHaveCount(0);
      await picker.part().getByTestId('view-source').click();
      await expect(picker.part().locator('pre')).toHaveText('{"name":"Ada","colour":"green","rounds":2}');
    });
  });
}
