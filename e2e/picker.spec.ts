// The picker end to end in browser mode, against the bundled reference server over stdio: listing,
// search, each annotation filter (with the counts it hides), each sort, keyboard use and axe.
import { expectNoAxeViolations } from './fixtures/axe';
import { expect, listFromEngine, STEADY_REFERENCE, test } from './picker-page';

test.use({ appServers: { reference: STEADY_REFERENCE } });
// Several app flows per test (one app start each): generous time on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

test.describe('picker', () => {
  test('lists every resource, virtualized, and searches it', async ({ page: _page, app, picker }) => {
    await test.step('lists every resource of the server, virtualized', async () => {
      const all = await listFromEngine(app.engine, 'reference');
      const loaded = await picker.waitForList(all.length);
      expect(loaded).toBe(all.length);
      await expect.poll(() => picker.matching()).toBe(all.length);
      // The virtualizer draws its rows once it has measured the list: wait for them, then count.
      await expect.poll(() => picker.rows.count()).toBeGreaterThan(5);
      expect(await picker.rows.count()).toBeLessThan(Math.min(all.length, 300));
      const first = (await picker.visibleRows())[0];
      expect(all.some(i => i.uri === first.uri)).toBe(true);
    });
    await test.step('asks for the list before its first render (the first screen is prefetched), and is not sent the list it holds', async () => {
      const calls: string[] = [];
      const progressEvents: string[] = [];
      picker.page.on('websocket', socket => {
        socket.on('framesent', frame => {
          const method = /"type":"call","id":\d+,"method":"([^"]+)"/.exec(String(frame.payload))?.[1];
          if (method) calls.push(method);
        });
        socket.on('framereceived', frame => {
          if (String(frame.payload).includes('"listProgress"')) progressEvents.push(String(frame.payload));
        });
      });
      await picker.page.reload();
      const all = await picker.waitForList();
      expect(all).toBeGreaterThan(0);
      // The reloaded page shows the engine's last known list at once, then the live one: the same list (the cache
      // answers it), so its items were not streamed again, only their counts (withhold-known.ts), and it is live,
      // not stale.
      // (The badge's state first: a negative assertion alone would pass on a list that is not there.)
      const listBadge = picker.page.locator('.list-cache-badges li[data-server-id="reference"]');
      await expect(listBadge.getByTestId('cache-badge')).toHaveAttribute('data-cache-state', /^(fresh|miss)$/);
      await expect(listBadge).not.toHaveAttribute('data-stale-list', 'true');
      expect(progressEvents.length).toBeGreaterThan(0);
      expect(progressEvents.filter(frame => !frame.includes('"items":{"count":0,'))).toEqual([]);
      expect(await picker.matching()).toBe(all);
      // subscriptions.list and config.get are asked by mounted components: the list went out before any, just
      // after the last known list (which the engine answers before it starts listing).
      expect(calls.slice(0, 3)).toEqual(['servers.list', 'resources.lastKnown', 'resources.list']);
      expect(calls).toContain('config.get');
      // Once the last known lists are drawn, the page says so: the engine starts the local servers it held for them.
      await expect.poll(() => calls.indexOf('app.firstScreenShown')).toBeGreaterThan(calls.indexOf('resources.lastKnown'));
    });
    await test.step('search is fuzzy, highlights matches and ranks exact and prefix matches first', async () => {
      const total = await picker.waitForList();
      await picker.search.fill('Markdown guide');
      await expect(picker.rows.first()).toHaveAttribute('data-uri', 'ref://samples/guide.md');
      await expect(picker.rows.first().locator('mark').first()).toBeVisible();
      // A typo still finds it.
      await picker.search.fill('markdwon guide');
      await expect(picker.row('ref://samples/guide.md')).toBeVisible();
      // The MIME type is searched too.
      await picker.search.fill('image/svg+xml');
      await expect.poll(() => picker.matching()).toBeGreaterThan(0);
      await expect(picker.rows.first()).toContainText('image/svg+xml');
      await picker.search.fill('');
      await expect.poll(() => picker.matching()).toBe(total);
    });
    await test.step('a search that hides everything says so and offers the way back', async () => {
      const total = await picker.waitForList();
      const empty = picker.page.locator('[data-testid="empty-state"][data-pane="list"]');
      await expect(empty).toHaveCount(0);
      await picker.search.fill('zzqqxxjj nothing is called this');
      await expect.poll(() => picker.matching()).toBe(0);
      await expect(empty).toContainText(`hide all ${total.toLocaleString('en-US')} resources`);
      await empty.getByRole('button', { name: 'Clear the search and filters' }).click();
      await expect(picker.search).toHaveValue('');
      await expect.poll(() => picker.matching()).toBe(total);
      await expect(empty).toHaveCount(0);
    });
  });

  test('each annotation filter, with the counts it hides', async ({ page, app, picker }) => {
    await test.step('audience filter, with items without an audience handled explicitly', async () => {
      const all = await listFromEngine(app.engine, 'reference');
      await picker.waitForList(all.length);
      const hasUser = all.filter(i => i.annotations?.audience?.includes('user')).length;
      const noAudience = all.filter(i => !i.annotations?.audience?.length).length;
      expect(noAudience).toBeGreaterThan(0);

      await page.getByTestId('filter-audience-user').click();
      await expect(page.getByTestId('filter-audience-user')).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => picker.matching()).toBe(hasUser);
      for (const row of await picker.visibleRows()) expect(row.audience).toContain('user');
      const note = page.locator('.filter-hidden[data-filter="audience"]');
      await expect(note).toHaveAttribute('data-hidden', String(all.length - hasUser));
      await expect(note).toHaveAttribute('data-hidden-unannotated', String(noAudience));

      await page.getByTestId('filter-audience-none').click();
      await expect.poll(() => picker.matching()).toBe(hasUser + noAudience);
    });
    await test.step('priority range filter, combinable with search', async () => {
      await picker.resetFilters();
      const all = await listFromEngine(app.engine, 'reference');
      await picker.waitForList(all.length);
      const inRange = (p: number | undefined) => p !== undefined && p >= 0.5 && p <= 0.9;
      await page.getByTestId('filter-priority-min').fill('0.5');
      await page.getByTestId('filter-priority-max').fill('0.9');
      await expect.poll(() => picker.matching()).toBe(all.filter(i => inRange(i.annotations?.priority)).length);
      for (const row of await picker.visibleRows()) expect(inRange(row.priority)).toBe(true);
      const unannotated = all.filter(i => i.annotations?.priority === undefined).length;
      await expect(page.locator('.filter-hidden[data-filter="priority"]')).toHaveAttribute('data-hidden-unannotated', String(unannotated));

      await picker.search.fill('samples');
      const expected = all.filter(i => inRange(i.annotations?.priority) && i.uri.includes('samples')).length;
      await expect.poll(() => picker.matching()).toBe(expected);
    });
    await test.step('lastModified range filter', async () => {
      await picker.resetFilters();
      const all = await listFromEngine(app.engine, 'reference');
      await picker.waitForList(all.length);
      const dated = all.map(i => i.annotations?.lastModified).filter((d): d is string => Boolean(d)).sort();
      const after = dated[Math.floor(dated.length / 2)].slice(0, 10);
      await page.getByTestId('filter-modified-after').fill(after);
      const expected = all.filter(i => (i.annotations?.lastModified ?? '') >= `${after}T00:00:00`).length;
      await expect.poll(() => picker.matching()).toBe(expected);
      for (const row of await picker.visibleRows()) expect(row.lastModified! >= after).toBe(true);
      await page.getByTestId('filter-modified-before').fill(after);
      const sameDay = all.filter(i => (i.annotations?.lastModified ?? '').startsWith(after)).length;
      await expect.poll(() => picker.matching()).toBe(sameDay);
    });
  });

  test('each sort, and the keyboard', async ({ page, picker }) => {
    await test.step('sorts by priority, recency and name, unannotated last', async () => {
      await picker.waitForList();
      const sort = page.getByTestId('sort-select');

      // Each order is checked on the rows drawn once the list says it is in that sort (data-sort), polled for the draw.
      const inOrder = <T>(values: T[], compare: (a: T, b: T) => number) => values.length > 1 && values.every((v, k) => k === 0 || compare(values[k - 1], v) <= 0);
      await sort.selectOption('priority');
      await expect(picker.list).toHaveAttribute('data-sort', 'priority');
      await expect.poll(async () => inOrder((await picker.visibleRows()).map(r => r.priority ?? -1), (a, b) => b - a)).toBe(true);
      expect((await picker.visibleRows())[0].priority).toBeGreaterThan(0.9);

      await sort.selectOption('recent');
      await expect(picker.list).toHaveAttribute('data-sort', 'recent');
      await expect.poll(async () => inOrder((await picker.visibleRows()).map(r => r.lastModified ?? ''), (a, b) => (a > b ? -1 : a < b ? 1 : 0))).toBe(true);
      expect((await picker.visibleRows())[0].lastModified ?? '').not.toBe('');

      await sort.selectOption('name');
      await expect(picker.list).toHaveAttribute('data-sort', 'name');
      const titles = () =>
        picker.rows.locator('.row-title').evaluateAll(els =>
          els
            .map(el => ({ top: el.getBoundingClientRect().top, text: (el.firstChild?.textContent ?? '').toLowerCase() }))
            .sort((a, b) => a.top - b.top)
            .map(n => n.text)
        );
      await expect.poll(async () => inOrder(await titles(), (a, b) => (a < b ? -1 : a > b ? 1 : 0))).toBe(true);

      // Unannotated last: at the end of the priority order come rows without a priority.
      await sort.selectOption('priority');
      await picker.list.focus();
      await page.keyboard.press('End');
      await expect.poll(async () => (await picker.visibleRows()).at(-1)?.priority).toBeUndefined();
    });
    await test.step('keyboard: Ctrl+K, arrows, Enter opens, a and Ctrl+Enter add to the tray', async () => {
      await picker.waitForList();
      await picker.list.focus();
      await page.keyboard.press('Home');
      // Focus leaves the list for the page header (a click in the middle of the page would land on a row).
      await page.getByRole('banner').getByRole('heading').click();
      await page.keyboard.press('Control+k');
      await expect(picker.search).toBeFocused();

      // From the first row, down one: the second row. Rows are found by their place in the list (aria-posinset),
      // not by what is drawn where: the scroll back up from End may not have been drawn yet.
      const rowAt = (position: number) => page.locator(`[data-testid="resource-row"][aria-posinset="${position}"]`);
      await page.keyboard.press('ArrowDown');
      const second = rowAt(2);
      await expect(second).toHaveAttribute('aria-selected', 'true');
      const secondUri = (await second.getAttribute('data-uri')) ?? '';
      const activeId = await second.getAttribute('id');
      await expect(picker.search).toHaveAttribute('aria-activedescendant', activeId!);

      await page.keyboard.press('Enter');
      await expect(picker.viewer).toHaveAttribute('data-uri', secondUri);

      await page.keyboard.press('Control+Enter');
      await expect(picker.tray.getByTestId('context-item')).toHaveCount(1);

      await picker.list.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('a');
      await expect(picker.tray.getByTestId('context-item')).toHaveCount(2);
      await expect(picker.tray.getByTestId('context-item').nth(1)).toHaveAttribute('data-uri', (await rowAt(3).getAttribute('data-uri')) ?? '');
    });
  });

  test('axe reports no violations on the picker, filters and viewer', async ({ page, picker }) => {
    await picker.waitForList();
    await picker.open('ref://samples/config.json');
    await page.getByTestId('filter-audience-user').click();
    await expectNoAxeViolations(page);
  });
});

test.describe('picker across servers', () => {
  test.use({
    appServers: {
      alpha: STEADY_REFERENCE,
      beta: { transport: 'http', args: [...STEADY_REFERENCE.args, '--resources', '50'] }
    }
  });

  test('one list over all servers, filterable and groupable by server', async ({ page, app, picker }) => {
    const alpha = await listFromEngine(app.engine, 'alpha');
    const beta = await listFromEngine(app.engine, 'beta');
    await picker.waitForList(alpha.length + beta.length);
    await expect.poll(() => picker.matching()).toBe(alpha.length + beta.length);

    await page.locator('[data-testid="server-item"][data-server-id="beta"] input[type="checkbox"]').check();
    await expect.poll(() => picker.matching()).toBe(beta.length);
    for (const row of await picker.visibleRows()) expect(row.serverId).toBe('beta');
    await page.getByRole('button', { name: 'Show all servers' }).click();

    await page.getByTestId('group-by-server').check();
    await expect(page.locator('.group-header').first()).toHaveText('alpha');
    await picker.search.fill('ref://catalog/7');
    // The search applies in a deferred render: End must go to the end of the searched rows, not of the old ones.
    await expect(picker.list).toHaveAttribute('data-query', 'ref://catalog/7');
    await picker.list.focus();
    await page.keyboard.press('End');
    await expect(page.locator('.group-header').last()).toHaveText('beta');
    await expect.poll(async () => (await picker.visibleRows()).at(-1)?.serverId).toBe('beta');
  });
});

test.describe('listing progress', () => {
  // Slow pages (200 of 10, each answered after 50 ms: at least 10 s in all), so the listing is still running when
  // the click lands on any machine. Pages of 25 ms (5 s in all) once finished first on a loaded CI machine, and
  // the click waited for a Cancel button that was gone.
  test.use({ appServers: { big: { transport: 'stdio', args: [...STEADY_REFERENCE.args, '--resources', '2000', '--page-size', '10', '--list-delay-ms', '50'] } } });

  test('streams with a progress bar, can be cancelled and listed again', async ({ page, picker }) => {
    const progress = page.getByTestId('list-progress');
    await expect(progress).toBeVisible({ timeout: 30_000 });
    // Polled often: Cancel must be clicked while the listing still runs.
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { intervals: [50] }).toBeGreaterThan(0);
    await expect.poll(() => picker.rows.count(), { intervals: [50] }).toBeGreaterThan(0);
    // The bar moves as pages come in, with no animation running (one would have every frame drawn while it lists).
    const bar = progress.locator('.list-progress-bar');
    const positions = new Set<string>();
    await expect
      .poll(async () => positions.add(await bar.evaluate(e => getComputedStyle(e).transform)).size, { intervals: [50], timeout: 5_000 })
      .toBeGreaterThan(2);
    expect(await page.evaluate(() => document.getAnimations().map(a => (a as CSSAnimation).animationName ?? a.id))).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress).toHaveCount(0);
    await expect(page.getByText(/Listing big cancelled after/)).toBeVisible();
    const partial = await picker.loaded();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(2_000);

    await page.getByRole('button', { name: 'List again' }).click();
    await expect.poll(() => picker.loaded(), { timeout: 90_000 }).toBeGreaterThanOrEqual(2_000);
    await expect(picker.list).toHaveAttribute('data-loading', 'false');
  });
});

test.describe('listing failure', () => {
  // Slow pages, as above, so the kill comes while the listing still runs; the server comes back with fast pages,
  // so the relist over HTTP stays short on a loaded machine.
  const pagesOf20 = [...STEADY_REFERENCE.args, '--resources', '4000', '--page-size', '20'];
  test.use({ appServers: { flaky: { transport: 'http', args: [...pagesOf20, '--list-delay-ms', '25'] } } });

  test('a list that fails midway shows the error with a retry, not an empty list', async ({ page, app, picker }) => {
    await expect(page.getByTestId('list-progress')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => picker.loaded(), { intervals: [50] }).toBeGreaterThan(0);
    await app.killServer('flaky');
    const banner = page.locator('.list-status [data-testid="error-banner"]');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Listing flaky failed');
    await expect(banner).toHaveAttribute('data-code', /.+/);
    await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
    // What arrived before the failure stays listed.
    expect(await picker.loaded()).toBeGreaterThan(0);

    // Once the server is back, the reconnect relists by itself (the banner gives way to the progress bar).
    // No click on Retry here: the relist can start between a check that the banner is up and the click, and
    // the click would then wait for a button that never comes back.
    const server = page.locator('[data-testid="server-item"][data-server-id="flaky"]');
    await expect(server).not.toHaveAttribute('data-status', 'connected');
    await app.restartServer('flaky', pagesOf20);
    await expect(server).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
    await expect.poll(() => picker.loaded(), { timeout: 90_000 }).toBeGreaterThanOrEqual(4_000);
    await expect(banner).toHaveCount(0);
  });
});
