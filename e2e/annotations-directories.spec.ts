// What the spec's resource metadata looks like in the app, against the reference server over stdio: a directory
// read (`inode/directory`) is a list of its children that open like any resource, and the annotations a server
// puts on its templates are shown on the template list; annotations that break the schema (priority 7 or
// "high", lastModified "yesterday") do not stop the listing and are marked invalid on their rows.
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

test.describe('invalid annotations', () => {
  test.use({ appServers: { ref: { transport: 'stdio', args: ['--resources', '40', '--update-interval-ms', '86400000', '--invalid-annotations'] } } });

  test('a server listing invalid annotations is still listed, and its rows say what is invalid', async ({ picker }) => {
    await picker.waitForList();
    const outOfRange = picker.row('ref://annotations/priority-out-of-range');
    const wrongType = picker.row('ref://annotations/priority-wrong-type');
    const badDate = picker.row('ref://annotations/bad-date');
    await picker.search.fill('ref://annotations/');
    await expect(outOfRange).toHaveAttribute('data-invalid-annotations', 'priority');
    await expect(outOfRange).not.toHaveAttribute('data-priority', /./);
    await expect(outOfRange.getByTestId('invalid-annotation')).toContainText('7');
    await expect(wrongType).toHaveAttribute('data-invalid-annotations', 'priority');
    await expect(badDate).toHaveAttribute('data-invalid-annotations', 'lastModified');
    await expect(badDate).not.toHaveAttribute('data-last-modified', /./);
  });
});
