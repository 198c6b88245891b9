// Templates end to end in browser mode against the reference server over stdio: fill the two-variable user
// profile template with completions (the second argument completes from the first), read the expanded URI in
// the viewer, see total/hasMore on a template with more suggestions than one reply carries, and check the
// encoding of query and reserved expansions in the preview.
import { usersOf } from './fixtures/reference-servers';
import { expect, test } from './picker-page';

// No live ticks: nothing but the test's own actions changes the lists.
test.use({ appServers: { ref: { transport: 'stdio', args: ['--resources', '150', '--update-interval-ms', '86400000'] } } });

test('fills a multi-variable template with completions and reads it', async ({ page, picker }) => {
  await picker.waitForList();
  await page.getByRole('tab', { name: 'Templates' }).click();
  const item = page.locator('[data-testid="template-item"][data-uri-template="ref://users/{org}/{user}/profile"]');
  await item.getByRole('button').click();
  const form = page.getByTestId('template-form');
  await expect(form).toBeVisible();
  const preview = form.getByTestId('template-preview');
  await expect(preview).toHaveAttribute('data-valid', 'true');

  // org: type, then pick the one suggestion with the keyboard.
  const org = form.getByTestId('template-arg-org');
  await org.fill('g');
  const options = page.getByTestId('completion-option');
  await expect(options).toHaveText(['globex']);
  await expect(page.getByTestId('completion-summary')).toHaveText('1 suggestion');
  await org.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await org.press('Enter');
  await expect(org).toHaveValue('globex');
  await expect(options).toHaveCount(0);

  // user: the suggestions come in the order of the chosen org, so the context argument reached the server.
  const expected = usersOf('globex').filter(u => u.startsWith('ada'));
  const user = form.getByTestId('template-arg-user');
  await user.fill('ada');
  await expect(options).toHaveText(expected);
  await expect(page.getByTestId('completion-summary')).toHaveText(`${expected.length} suggestions`);
  await user.press('ArrowDown');
  await user.press('ArrowDown');
  await expect(user).toHaveAttribute('aria-activedescendant', /.+/);
  await user.press('Enter');
  await expect(user).toHaveValue(expected[1]);

  const uri = `ref://users/globex/${expected[1]}/profile`;
  await expect(preview).toHaveText(uri);
  await form.getByTestId('template-read-button').click();
  await expect(picker.viewer).toHaveAttribute('data-uri', uri);
  await expect(picker.viewer).toHaveAttribute('data-server-id', 'ref');
  await expect(picker.part()).toContainText('globex');
  await expect(picker.part()).toContainText(expected[1]);
  await expect(picker.viewer.getByTestId('cache-badge')).toHaveAttribute('data-cache-state', 'miss');
});

test('shows total and hasMore, percent-encodes query values, keeps the slashes of a reserved expansion', async ({ page, picker }) => {
  await picker.waitForList();
  await page.getByRole('tab', { name: 'Templates' }).click();

  await page.locator('[data-testid="template-item"][data-uri-template="ref://catalog/{index}"]').getByRole('button').click();
  const index = page.getByTestId('template-arg-index');
  await index.focus();
  await expect(page.getByTestId('completion-option')).toHaveCount(100);
  await expect(page.getByTestId('completion-summary')).toHaveText('100 of 150 suggestions · more available, keep typing to narrow');
  await index.press('Escape');
  await expect(page.getByTestId('completion-option')).toHaveCount(0);

  // Query expansion percent-encodes what a query value cannot carry as is.
  await page.locator('[data-testid="template-item"][data-uri-template="ref://search{?q,limit}"]').getByRole('button').click();
  await page.getByTestId('template-arg-q').fill('a b&c');
  await page.getByTestId('template-arg-limit').fill('5');
  await expect(page.getByTestId('template-preview')).toHaveText('ref://search?q=a%20b%26c&limit=5');

  // Reserved expansion ({+path}) keeps the slashes a path needs.
  await page.locator('[data-testid="template-item"][data-uri-template="ref://docs/{+path}"]').getByRole('button').click();
  await page.getByTestId('template-arg-path').fill('guides/templates.md');
  await expect(page.getByTestId('template-preview')).toHaveText('ref://docs/guides/templates.md');
  await page.getByTestId('template-read-button').click();
  await expect(picker.viewer).toHaveAttribute('data-uri', 'ref://docs/guides/templates.md');
  await expect(picker.part()).toContainText('guides/templates.md');
});
