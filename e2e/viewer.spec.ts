// The viewer end to end: every preview kind of the reference server's showcase resources, view source,
// copy, save, refresh, several contents, and 5 MB contents that reach the page only as bounded previews.
import { expect, STEADY_REFERENCE, test } from './picker-page';
import type { Page } from '@playwright/test';

test.use({ appServers: { reference: STEADY_REFERENCE } });
test.describe.configure({ timeout: 150_000 });

/**
 * Counts the bytes of every frame the page receives on its engine socket. The page's socket is opened at
 * load, so this reloads the page after listening (the listener only sees sockets opened after it).
 */
async function countSocketBytes(page: Page): Promise<{ received: () => number }> {
  let received = 0;
  page.on('websocket', ws => ws.on('framereceived', frame => (received += typeof frame.payload === 'string' ? Buffer.byteLength(frame.payload) : frame.payload.length)));
  await page.reload();
  return { received: () => received };
}

test.describe('viewer previews', () => {
  test.beforeEach(async ({ picker }) => {
    await picker.waitForList();
  });

  test('text, code, markdown, JSON and CSV', async ({ page: _page, picker }) => {
    await test.step('plain text and highlighted source code', async () => {
      await picker.open('ref://samples/readme.txt');
      await expect(picker.part()).toHaveAttribute('data-kind', 'text');
      await expect(picker.part()).toHaveAttribute('data-mime', 'text/plain');
      await expect(picker.part().locator('pre')).toContainText('Plain text notes');

      await picker.open('ref://samples/main.ts');
      await expect(picker.part().locator('pre.hljs[data-language="typescript"] .hljs-keyword').first()).toBeVisible();
      await picker.open('ref://samples/analysis.py');
      await expect(picker.part().locator('pre.hljs[data-language="python"]')).toBeVisible();
    });
    await test.step('markdown renders safely, with view source', async () => {
      await picker.open('ref://samples/guide.md');
      const part = picker.part();
      await expect(part.locator('.markdown-view h1')).toHaveText('Markdown guide');
      await expect(part.locator('.markdown-view table')).toBeVisible();
      await part.getByTestId('view-source').click();
      await expect(part.locator('pre')).toContainText('# Markdown guide');
    });
    await test.step('JSON as a collapsible tree', async () => {
      await picker.open('ref://samples/config.json');
      const part = picker.part();
      await expect(part).toHaveAttribute('data-mime', 'application/json');
      const tree = part.locator('.json-view');
      await expect(tree).toContainText('metrics');
      const collapse = tree.getByRole('button').nth(1);
      await expect(collapse).toHaveAttribute('aria-expanded', 'true');
      await collapse.click();
      await expect(collapse).toHaveAttribute('aria-expanded', 'false');
    });
    await test.step('CSV as a table', async () => {
      await picker.open('ref://samples/sales.csv');
      const table = picker.part().locator('.csv-view table');
      await expect(table.locator('thead th').first()).toBeVisible();
      await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(1);
    });
  });

  test('sandboxed HTML and SVG, media from blobs, binary as hex', async ({ page, picker }) => {
    await test.step('HTML and SVG only in a script-less sandboxed frame', async () => {
      for (const uri of ['ref://samples/page.html', 'ref://samples/logo.svg']) {
        await picker.open(uri);
        const frame = picker.part().locator('iframe.sandbox-frame');
        await expect(frame).toHaveAttribute('sandbox', '');
        expect(await frame.getAttribute('srcdoc')).toMatch(/<(html|svg)/i);
      }
      // The page cannot reach into the frame (no allow-same-origin), which is what keeps server HTML out.
      const reachable = await page.locator('iframe.sandbox-frame').evaluate(f => {
        try {
          return (f as HTMLIFrameElement).contentDocument !== null && (f as HTMLIFrameElement).contentWindow?.document.body !== undefined;
        } catch {
          return false;
        }
      });
      expect(reachable).toBe(false);
    });
    await test.step('images, audio and PDF from blob URLs', async () => {
      const blocked: string[] = [];
      page.on('console', m => {
        if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
      });
      await picker.open('ref://samples/photo.png');
      await expect(picker.part()).toHaveAttribute('data-kind', 'blob');
      const img = picker.part().locator('img.media-image');
      await expect(img).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => img.evaluate(i => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

      await picker.open('ref://samples/chime.wav');
      const audio = picker.part().locator('audio');
      await expect(audio).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => audio.evaluate(a => (a as HTMLAudioElement).duration)).toBeGreaterThan(0);

      await picker.open('ref://samples/report.pdf');
      await expect(picker.part().locator('iframe.media-pdf')).toHaveAttribute('src', /^blob:/);
      await page.waitForTimeout(500);
      expect(blocked).toEqual([]);
    });
    await test.step('binary as hex with save to disk', async () => {
      await picker.open('ref://samples/data.bin');
      await expect(picker.part().locator('.hex-view pre')).toContainText(/^00000000 {2}[0-9a-f]{2} /);
      const download = page.waitForEvent('download');
      await picker.part().getByTestId('save-content').click();
      expect((await download).suggestedFilename()).toBe('data.bin');
    });
  });

  test('several contents, empty content, and a 5 MB content', async ({ page, picker }) => {
    await test.step('several contents show as one part each', async () => {
      await picker.open('ref://samples/folder');
      await expect(picker.viewer.getByTestId('content-part')).toHaveCount(3);
      await expect(picker.part(1)).toHaveAttribute('data-mime', 'text/markdown');
    });
    await test.step('an empty resource says so', async () => {
      await picker.open('ref://samples/empty.txt');
      await expect(picker.part()).toContainText('Empty content');
    });
    await test.step('a 5 MB blob and a 5 MB text reach the page only as bounded previews', async () => {
      // The mechanism, not a time: the whole content never crosses the socket (timings: bench/viewer-preview.ts).
      const socket = await countSocketBytes(page);
      await picker.waitForList();
      const before = socket.received();
      await picker.open('ref://samples/large.bin');
      await expect(picker.part()).toHaveAttribute('data-truncated', 'preview');
      await expect(picker.part().getByTestId('content-preview-note')).toContainText(/Showing the first 256 kB of 5(\.0)? MB/);
      await expect(picker.part().locator('.hex-view')).toContainText('save to disk for the rest');
      await picker.open('ref://samples/large.log');
      await expect(picker.part()).toContainText('INFO worker-1 job 1 ');
      await expect(picker.part()).toHaveAttribute('data-truncated', 'preview');
      const shown = await picker.part().evaluate(el => el.textContent?.length ?? 0);
      expect(shown).toBeLessThan(1_000_000);
      // Two 5 MB contents opened (base64 would be 7 MB): what arrived is two previews and the page's other traffic.
      expect(socket.received() - before).toBeLessThan(1_500_000);
    });
    await test.step('Save takes the whole content from the engine, not from the page', async () => {
      const bytesBefore = Number(await picker.part().getAttribute('data-size'));
      const download = page.waitForEvent('download');
      await picker.part().getByTestId('save-content').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('large.log');
      let saved = 0;
      for await (const chunk of await file.createReadStream()) saved += (chunk as Buffer).length;
      expect(saved).toBe(bytesBefore);
    });
  });

  test('read errors show with their code and a retry', async ({ page, picker }) => {
    for (const [uri, code] of [['ref://errors/missing', 'not_found'], ['ref://errors/failing', 'internal']] as const) {
      await picker.search.fill(uri);
      await picker.row(uri).click();
      const banner = picker.viewer.getByTestId('error-banner');
      await expect(banner).toHaveAttribute('data-code', code);
      await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(picker.viewer.getByTestId('content-part')).toHaveCount(0);
    }
    await expect(page.getByTestId('resource-viewer')).toHaveAttribute('data-uri', 'ref://errors/failing');
  });

  test("the viewer's actions stay put while a slow read arrives", async ({ picker }) => {
    // ref://errors/slow answers after 5 s. Its cache badge arrives with the content: it must not push the actions
    // aside then (a click on "Add to context" just as the content arrived once landed on nothing).
    await picker.search.fill('ref://errors/slow');
    await picker.row('ref://errors/slow').click();
    await expect(picker.viewer).toHaveAttribute('aria-busy', 'true');
    const add = picker.viewer.getByTestId('add-to-context');
    const before = await add.boundingBox();
    await expect(picker.viewer.getByTestId('cache-badge')).toBeVisible({ timeout: 15_000 });
    await expect(picker.viewer).toHaveAttribute('aria-busy', 'false');
    expect(await add.boundingBox()).toEqual(before);
  });

  test('copy and refresh', async ({ page, context, picker }) => {
    await test.step('copy puts the content on the clipboard', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await picker.open('ref://samples/readme.txt');
      const text = await picker.part().locator('pre').innerText();
      await picker.part().getByTestId('copy-content').click();
      await expect(picker.part().getByTestId('copy-content')).toHaveText('Copied');
      expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(text.trim());
    });
    await test.step('refresh re-reads from the server', async () => {
      await picker.open('ref://cache/every-read');
      await picker.part().getByTestId('view-source').click();
      const readCount = async () => (JSON.parse(await picker.part().locator('pre').innerText()) as { read: number }).read;
      const first = await readCount();
      await page.getByTestId('refresh-button').click();
      await expect.poll(readCount).toBeGreaterThan(first);
      await expect(picker.viewer.getByTestId('cache-badge')).toBeVisible();
    });
  });
});
