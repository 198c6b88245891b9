// The picker at 250,000 resources, a smoke test of function (the times are bench/scale.ts's job): one HTTP
// reference server at 500 per page; every item listed and counted, items found by search wherever they are in
// the list (a list this long is searched in steps between frames: stepped-search.ts), a keystroke painting its
// result's first rows before the whole result (search-first.ts), and the page holding the list compactly: heap
// after GC per item under a bound well above what the bench measures, which the picker's representation before its
// list table (an object per item and four lower-cased copies of its text beside the search line: ~600 B at 100k)
// fails.
import { STEADY_ARGS } from './fixtures/reference-servers';
import { expect, listFromEngine, test } from './picker-page';

/** At least ALWAYS_DEFERRED_FROM_ITEMS (searched-query.ts): the picker searches it in steps. */
const RESOURCES = 250_000;
/** Bytes of page heap per listed item; the bench measures about 290 at 100k and 232 at 1M (the app's own heap included). */
const HEAP_BYTES_PER_ITEM = 450;

interface ListStage {
  shown?: string;
  query?: string;
  busy: string | null;
  /** The URIs of the first rows on screen. */
  top: string[];
}

/**
 * Types `letter` into the empty search box and records the list at each change of its shown or complete query,
 * until the whole result is in. The first key after an empty box is always searched in a transition
 * (searched-query.ts), so its own frame is where the first rows can come first.
 */
const TYPE_AND_RECORD = `async letter => {
  const list = document.querySelector('[data-testid="resource-list"]');
  const input = document.querySelector('[data-testid="resource-search"]');
  const top = () => [...list.querySelectorAll('[data-testid="resource-row"]')]
    .filter(row => Number(row.getAttribute('aria-posinset')) <= 5)
    .sort((a, b) => Number(a.getAttribute('aria-posinset')) - Number(b.getAttribute('aria-posinset')))
    .map(row => row.dataset.uri);
  const stages = [];
  const observer = new MutationObserver(() => stages.push({ shown: list.dataset.shownQuery, query: list.dataset.query, busy: list.getAttribute('aria-busy'), top: top() }));
  observer.observe(list, { attributes: true, attributeFilter: ['data-shown-query', 'data-query'] });
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, letter);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise(resolve => { const check = () => (list.dataset.query === letter ? resolve() : requestAnimationFrame(check)); check(); });
  await new Promise(resolve => requestAnimationFrame(resolve));
  observer.disconnect();
  return { stages, final: top() };
}`;

test.use({ appServers: { reference: { transport: 'http', args: [...STEADY_ARGS, '--resources', String(RESOURCES), '--page-size', '500'] } } });
// Listing 250k takes ~10 s on a quiet machine and several times that on a busy 2-core one.
test.describe.configure({ timeout: 300_000 });

test('lists 250,000 resources of one HTTP server, finds any of them, paints a costly search\'s first rows first, and holds them compactly', async ({ page, app, picker }) => {
  // A deadline for a listing that never ends, not a speed check (a loaded 2-core machine took over 45 s for 100k).
  const loaded = await picker.waitForList(RESOURCES, 200_000);
  const all = await listFromEngine(app.engine, 'reference');
  expect(all.length).toBeGreaterThanOrEqual(RESOURCES);
  expect(loaded).toBe(all.length);
  await expect.poll(() => picker.matching()).toBe(all.length);

  for (const item of [all[all.length - 1], all[Math.floor(all.length / 2)], all[1]]) {
    await picker.search.fill(item.uri);
    // The whole result too, not only its first rows: its query and count, the list no longer busy.
    await expect(picker.list).toHaveAttribute('data-query', item.uri);
    await expect(picker.list).toHaveAttribute('aria-busy', 'false');
    expect(await picker.matching()).toBeGreaterThan(0);
    await expect(picker.rows.first()).toHaveAttribute('data-uri', item.uri);
  }
  await picker.search.fill('');
  await expect.poll(() => picker.matching()).toBe(all.length);

  // The first rows of a costly search are painted first, busy, and are the whole result's first rows. The search
  // indexes are built when the page is idle after the listing: until then a key is searched whole. The first rows
  // are looked for within 5 ms of wall time in the keystroke's render: on a loaded machine (the suite's other
  // worker) a keystroke can lose that to waiting for a core, and its whole result then comes first, as designed.
  // With two busy loops beside this test, three letters of four came without first rows; quiet, the first letter
  // had them. So up to 24 keystrokes: a page that never paints first rows still fails.
  let firstRowsSeen: ListStage | undefined;
  for (const letter of [...'kgtoafeinrsl', ...'kgtoafeinrsl']) {
    const { stages, final } = (await page.evaluate(`(${TYPE_AND_RECORD})(${JSON.stringify(letter)})`)) as { stages: ListStage[]; final: string[] };
    expect(final).toHaveLength(5);
    expect(stages.at(-1)).toMatchObject({ shown: letter, query: letter, busy: 'false' });
    firstRowsSeen = stages.find(stage => stage.shown === letter && stage.query !== letter);
    if (firstRowsSeen) {
      expect(firstRowsSeen.busy).toBe('true');
      expect(firstRowsSeen.top).toEqual(final);
      break;
    }
    await picker.search.fill('');
    await expect(picker.list).toHaveAttribute('data-query', '');
  }
  expect(firstRowsSeen, 'a keystroke whose first rows came before its whole result').toBeDefined();
  await picker.search.fill('');
  await expect.poll(() => picker.matching()).toBe(all.length);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  expect(usedSize / all.length).toBeLessThan(HEAP_BYTES_PER_ITEM);
});
