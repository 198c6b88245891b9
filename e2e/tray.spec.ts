// The context tray end to end: resources from two servers, reorder, remove, totals, and both export
// formats to the clipboard and to a file, with the exported content checked against the engine's reads.
import { readFile } from 'node:fs/promises';
import type { ContentPart } from '../shared/contract';
import { expect, STEADY_REFERENCE, test } from './picker-page';

test.use({
  appServers: {
    alpha: STEADY_REFERENCE,
    beta: { transport: 'http', args: [...STEADY_REFERENCE.args, '--resources', '20'] }
  }
});

// Set for the file, not in the test body: a body's test.setTimeout would drop the app fixture's start-up time.
test.describe.configure({ timeout: 120_000 });

test('picks resources from two servers, reorders, removes and exports them', async ({ page, context, app, picker }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await picker.waitForList();
  const items = picker.tray.getByTestId('context-item');

  const pick = async (serverId: string, uri: string) => {
    await picker.search.fill(uri);
    const row = page.locator(`[data-testid="resource-row"][data-server-id="${serverId}"][data-uri="${uri}"]`);
    await row.click();
    await expect(picker.viewer).toHaveAttribute('data-server-id', serverId);
    await expect(picker.viewer).toHaveAttribute('data-uri', uri);
    await page.getByTestId('add-to-context').click();
  };
  await pick('alpha', 'ref://samples/readme.txt');
  await pick('beta', 'ref://samples/photo.png');
  await pick('alpha', 'ref://samples/config.json');
  await pick('alpha', 'ref://samples/guide.md');
  await expect(items).toHaveCount(4);

  // Reorder: config.json up to the top; remove guide.md.
  await picker.tray.getByRole('button', { name: /^Move JSON configuration up$/ }).click();
  await picker.tray.getByRole('button', { name: /^Move JSON configuration up$/ }).click();
  await picker.tray.getByRole('button', { name: /^Remove Markdown guide$/ }).click();
  await expect(items).toHaveCount(3);
  const order = [
    { serverId: 'alpha', uri: 'ref://samples/config.json' },
    { serverId: 'alpha', uri: 'ref://samples/readme.txt' },
    { serverId: 'beta', uri: 'ref://samples/photo.png' }
  ];
  for (const [k, expected] of order.entries()) {
    await expect(items.nth(k)).toHaveAttribute('data-uri', expected.uri);
    await expect(items.nth(k)).toHaveAttribute('data-server-id', expected.serverId);
  }

  // What the engine reads for each, to check totals and exports against.
  const reads: ContentPart[][] = [];
  for (const { serverId, uri } of order) reads.push((await app.engine.call('resources.read', { serverId, uri })).contents);
  const bytes = reads.flat().reduce((n, p) => n + (p.kind === 'text' ? Buffer.byteLength(p.text) : p.size), 0);
  const chars = reads.flat().reduce((n, p) => n + (p.kind === 'text' ? p.text.length : p.blob.length), 0);
  const totals = picker.tray.locator('.tray-totals');
  await expect(totals).toHaveAttribute('data-bytes', String(bytes));
  await expect(totals).toHaveAttribute('data-tokens', String(Math.ceil(chars / 4)));

  // JSON to the clipboard.
  await page.getByTestId('context-export-format').selectOption('json');
  await page.getByTestId('context-export-copy').click();
  await expect(page.getByTestId('context-export-status')).toContainText('Copied 3 as JSON');
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    resources: { serverId: string; uri: string; mimeType?: string; text?: string; blob?: string; annotations?: unknown }[];
  };
  expect(json.resources.map(r => [r.serverId, r.uri])).toEqual(order.map(o => [o.serverId, o.uri]));
  expect(json.resources[0].text).toBe((reads[0][0] as { text: string }).text);
  expect(json.resources[0].mimeType).toBe('application/json');
  expect(json.resources[2].blob).toBe((reads[2][0] as { blob: string }).blob);
  expect(json.resources[2].text).toBeUndefined();
  const listed = (await app.engine.call('resources.list', { serverId: 'alpha' })).items.find(i => i.uri === order[1].uri);
  expect(json.resources[1].annotations).toEqual(listed?.annotations);

  // Markdown to a file (browser mode saves as a download).
  await page.getByTestId('context-export-format').selectOption('markdown');
  const download = page.waitForEvent('download');
  await page.getByTestId('context-export-save').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('context.md');
  const markdown = await readFile((await file.path())!, 'utf8');
  expect(markdown).toContain('# Context: 3 resources');
  expect(markdown.indexOf('## JSON configuration')).toBeLessThan(markdown.indexOf('## Plain text notes'));
  expect(markdown.indexOf('## Plain text notes')).toBeLessThan(markdown.indexOf('## PNG image'));
  expect(markdown).toContain((reads[1][0] as { text: string }).text.trim());
  expect(markdown).toContain((reads[2][0] as { blob: string }).blob);
});
