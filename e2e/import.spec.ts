// Importing servers from other apps' config files through the sidebar's Import… dialog. Browser mode runs with
// XDG_CONFIG_HOME set to the test's own data dir (e2e/fixtures/bridge-process.ts), so a Claude Desktop or VS Code
// file placed there is one of the engine's found candidates; the user's real home is not used.
import { expectNoAxeViolations } from './fixtures/axe';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures/app';
import { referenceServerEntry, STEADY_ARGS } from './fixtures/reference-servers';

test.use({ appServers: { reference: { transport: 'stdio', args: [...STEADY_ARGS] } } });
// Set for the file, not in the test body: a body's test.setTimeout would drop the app fixture's start-up time.
test.describe.configure({ timeout: 120_000 });

async function writeJson(file: string, value: unknown): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

test('imports from a found Claude Desktop file; the new server connects, a duplicate and a VS Code variable are skipped', async ({ page, app }) => {
  const reference = page.locator('[data-testid="server-item"][data-server-id="reference"]');
  await expect(reference).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  const claudeFile = await writeJson(path.join(app.dataDir, 'Claude', 'claude_desktop_config.json'), {
    mcpServers: {
      imported: referenceServerEntry(['--resources', '5', ...STEADY_ARGS]),
      reference: referenceServerEntry()
    }
  });
  const vscodeFile = await writeJson(path.join(app.dataDir, 'Code', 'User', 'mcp.json'), {
    inputs: [{ id: 'token', type: 'promptString', description: 'Token', password: true }],
    servers: { tokened: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } } }
  });

  const opener = page.getByTestId('import-servers-button');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Import servers' });
  await expect(dialog).toHaveAttribute('data-testid', 'import-dialog');
  const claude = dialog.locator(`[data-testid="import-candidate"][data-app="claude"]`);
  const vscode = dialog.locator(`[data-testid="import-candidate"][data-app="vscode"]`);
  await expect(claude).toHaveAttribute('data-path', claudeFile);
  await expect(vscode).toHaveAttribute('data-path', vscodeFile);
  await expect(claude).toHaveText('Import from Claude Desktop');

  await expectNoAxeViolations(page, { include: '[data-testid="import-dialog"]' });

  await claude.click();
  const result = dialog.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-imported', '1');
  await expect(result.getByTestId('import-imported')).toHaveAttribute('data-name', 'imported');
  await expect(result.locator('[data-testid="import-skipped"][data-name="reference"]')).toContainText('a server with this name is already configured');

  // The new server joins the sidebar by itself and connects; the engine saved it to the config.
  const importedItem = page.locator('[data-testid="server-item"][data-server-id="imported"]');
  await expect(importedItem).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  expect(Object.keys((await app.engine.call('config.get', {})).servers).sort()).toEqual(['imported', 'reference']);

  await vscode.click();
  await expect(result).toHaveAttribute('data-imported', '0');
  // The busy state does not disable the clicked button, which would drop focus out of the modal.
  await expect(vscode).toBeFocused();
  await expect(result.locator('[data-testid="import-skipped"][data-name="tokened"]')).toContainText('${input:token}');
  await expect(page.getByTestId('server-item')).toHaveCount(2);

  // Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a bad path, a file that is not JSON and one without servers show an error and keep the typed path', async ({ page, app }) => {
  await page.getByTestId('import-servers-button').click();
  const dialog = page.getByTestId('import-dialog');
  const pathField = dialog.getByTestId('import-path');
  const submit = dialog.getByTestId('import-submit');
  const error = dialog.getByRole('alert');

  const missing = path.join(app.dataDir, 'nowhere', 'mcp.json');
  await pathField.fill(missing);
  await submit.click();
  await expect(error).toHaveAttribute('data-code', 'config');
  await expect(error).toContainText(`Cannot read ${missing}`);
  await expect(pathField).toHaveValue(missing);

  const notJson = path.join(app.dataDir, 'broken.json');
  await writeFile(notJson, '{ "mcpServers": ');
  await pathField.fill(notJson);
  await submit.click();
  await expect(error).toContainText('is not valid JSON');
  await expect(pathField).toHaveValue(notJson);

  // A Claude/Cursor file read as VS Code has no server definitions for that format.
  const cursorFile = await writeJson(path.join(app.dataDir, 'cursor-mcp.json'), {
    mcpServers: { fromcursor: referenceServerEntry(['--resources', '3', ...STEADY_ARGS]) }
  });
  await pathField.fill(cursorFile);
  await dialog.getByLabel('Format').selectOption('vscode');
  await submit.click();
  await expect(error).toContainText('No server definitions found');
  await expect(pathField).toHaveValue(cursorFile);
  expect((await app.engine.call('servers.list', {})).map(s => s.id)).toEqual(['reference']);

  // The same typed path with the right format imports, and the error gives way to the result.
  await dialog.getByLabel('Format').selectOption('cursor');
  await submit.click();
  await expect(dialog.getByTestId('import-result').getByTestId('import-imported')).toHaveAttribute('data-name', 'fromcursor');
  await expect(error).toHaveCount(0);
  await expect(page.locator('[data-testid="server-item"][data-server-id="fromcursor"]')).toHaveAttribute('data-status', 'connected', {
    timeout: 60_000
  });
});
