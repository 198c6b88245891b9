// A stranger's server decides the names, titles and URIs the page shows. Here one lists a PDF whose name hides a
// right-to-left override ("invoice\u202efdp.exe" reads "invoiceexe.pdf"), a URI with a zero-width space in it, a name
// with terminal escapes, a look-alike "p\u0430ypal" (a Cyrillic a), plain Hebrew and Russian names, and a script whose
// code hides bidirectional controls (Trojan Source); it calls itself "Official" with an override too. Each hidden
// character must show as a mark in its place, never act on the text, and the resource must still open as sent.
import { expectNoAxeViolationsInBothThemes } from './fixtures/axe';
import { brokenServer } from './fixtures/reference-servers';
import { expect, test } from './picker-page';

test.use({ appServers: { hostile: { config: brokenServer('hostile-names') } } });

const RLO = '\u202e';
const INVOICE = `fleet://hostile-names/invoice${RLO}fdp.exe`;

test('hidden characters in names, titles and URIs show as marks, and the resource opens as the server named it', async ({ page, picker }) => {
  await picker.waitForList(7);
  const invoice = picker.row(INVOICE);
  // The override is gone from what is shown: its mark stands in its place, named in full on hover.
  await expect(invoice.locator('.row-title')).toHaveText(/^Invoice RLOfdp\.exe/);
  await expect(invoice.locator('.row-title .hidden-char').first()).toHaveAttribute('title', 'Hidden character U+202E RIGHT-TO-LEFT OVERRIDE, as the server sent it');
  await expect(invoice.locator('.row-uri')).toHaveText('fleet://hostile-names/invoiceRLOfdp.exe');
  const shown = await page.getByTestId('resource-list').evaluate(list => (list as HTMLElement).innerText);
  expect(shown).not.toContain(RLO);
  expect(shown).not.toContain('\u200b');
  expect(shown).not.toContain('\u001b');

  // The look-alike URI and the escapes are marked too; the Hebrew name, which hides nothing, is shown as it is.
  await expect(picker.row('fleet://hostile-names/cat\u200balog').locator('.row-uri')).toHaveText('fleet://hostile-names/catZWSPalog');
  await expect(picker.row('fleet://hostile-names/ansi').locator('.row-title')).toHaveText('ansi ESC[31mredESC[0m');
  await expect(picker.row('fleet://hostile-names/rtl').locator('.row-title')).toHaveText('\u05e9\u05dc\u05d5\u05dd 1');
  await expect(picker.row('fleet://hostile-names/rtl').locator('.hidden-char')).toHaveCount(0);

  // A look-alike name: the Cyrillic letter in "p\u0430ypal" is underlined and named; a name wholly in Cyrillic is not.
  const lookAlike = picker.row('fleet://hostile-names/login').locator('.row-title .mixed-script');
  await expect(lookAlike).toHaveText('\u0430');
  await expect(lookAlike).toHaveAttribute('title', 'Cyrillic letters U+0430 in a Latin word: the name may only look like the one it resembles');
  await expect(picker.row('fleet://hostile-names/report').locator('.mixed-script')).toHaveCount(0);

  // Searching still finds it by what was sent, and it opens and reads at its real URI.
  await picker.open(INVOICE);
  await expect(picker.viewer.locator('h2')).toHaveText('Invoice RLOfdp.exe');
  await expect(picker.viewer.locator('.viewer-uri')).toHaveText('fleet://hostile-names/invoiceRLOfdp.exe');
  // In the context tray too, and in its tooltip, where only text goes: the mark in brackets.
  await page.getByTestId('add-to-context').click();
  const trayItem = picker.tray.locator('[data-testid="context-item"] .tray-open');
  await expect(trayItem).toHaveText('Invoice RLOfdp.exe');
  await expect(trayItem).toHaveAttribute('title', 'fleet://hostile-names/invoice[RLO]fdp.exe');
  // Its buttons' accessible names, strings too, say the same (read aloud, a hidden character would pass unheard).
  await expect(picker.tray.getByRole('button', { name: 'Remove Invoice [RLO]fdp.exe', exact: true })).toBeVisible();

  // Its text names it too, and the override in it is marked there as well.
  await expect(picker.part()).toContainText('contents of fleet://hostile-names/invoiceRLOfdp.exe');

  // A script whose text hides bidirectional controls (Trojan Source): highlighted, with each control marked, so the
  // check reads as it runs; its tabs and line ends are its own and stay as they are.
  await picker.open('fleet://hostile-names/access.js');
  const code = picker.part().locator('pre.hljs code');
  await expect(code.locator('.hidden-char')).toHaveText(['RLO', 'LRI', 'PDI', 'LRI']);
  expect(await code.evaluate(el => (el as HTMLElement).innerText)).toBe('const role = "user";\nif (role !== "adminRLO LRI// check laterPDI LRI") {\n  console.log("denied");\n}\n');

  // The frame in the protocol log shows the override as a mark too (JSON escapes control characters, not these).
  await page.getByRole('tab', { name: 'Protocol log' }).click();
  const log = page.getByTestId('protocol-log');
  await log.getByTestId('log-filter-method').fill('resources/read');
  await page.locator('[data-testid="protocol-entry"][data-direction="out"][data-method="resources/read"]').filter({ hasText: 'invoice' }).click();
  await expect(log.getByTestId('log-detail-request')).toContainText('"uri": "fleet://hostile-names/invoiceRLOfdp.exe"');
  expect(await log.getByTestId('log-detail-request').innerText()).not.toContain(RLO);

  // The server's own name for itself, on its card.
  const card = page.locator('[data-testid="server-item"][data-server-id="hostile"]');
  await expect(card.locator('.server-title')).toHaveText('Official RLOredro');

  await expectNoAxeViolationsInBothThemes(page, { include: '[data-testid="pane"][data-pane="list"]' });

  // Its stderr, logged in ANSI colours: the colours as the theme's, no escape shown, the search in the text alone.
  await page.getByRole('tab', { name: 'Server details' }).click();
  const stderr = page.getByTestId('server-details').getByTestId('stderr-line').filter({ hasText: 'names may hide' });
  await expect(stderr).toContainText('error: names may hide characters, look closely');
  await expect(stderr.locator('.ansi-red')).toHaveText('error');
  await expect(stderr.locator('.ansi-cyan.ansi-bold')).toHaveText('look closely');
  expect(await stderr.innerText()).not.toContain('\u001b');
  await expectNoAxeViolationsInBothThemes(page, { include: '[data-testid="server-details"]' });
});
