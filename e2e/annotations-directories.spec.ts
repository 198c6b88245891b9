// What the spec's resource metadata looks like in the app, against the reference server over stdio: a directory
// read (`inode/directory`) is a list of its children that open like any resource, and the annotations a server
// puts on its templates are shown on the template list.
import { expect, test } from './picker-page';

test.use({ appServers: { ref: { transport: 'stdio', args: ['--resources', '40', '--update-interval-ms', '86400000'] } } });

test('a directory lists its children, and a child opens like any resource', async ({ page, picker }) => {
  await picker.waitForList();
  await picker.open('ref://samples/folder');
  const directory = picker.viewer.getByTestId('directory-view');
  await expect(directory).toBeVisible();
  const entries = directory.getByTestId('directory-entry');
  await expect(entries).toHaveCount(3);
  const child = entries.filter({ hasText: 'ref://samples/folder/guide.md' });
  await expect(child).toContainText('text/markdown');
  await child.click();
  await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://samples/folder/guide.md');
  await expect(picker.part()).toHaveAttribute('data-mime', 'text/markdown');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});

test('template annotations are shown on the template list', async ({ page, picker }) => {
  await picker.waitForList();
  await page.getByRole('tab', { name: 'Templates' }).click();
  const profile = page.locator('[data-testid="template-item"][data-uri-template="ref://users/{org}/{user}/profile"]');
  const badges = profile.getByTestId('annotation-badges');
  await expect(badges).toBeVisible();
  // The reference server annotates this template with audience user, priority 0.7 and a lastModified date.
  await expect(badges).toContainText('user');
  await expect(badges).toContainText('0.7');
});
