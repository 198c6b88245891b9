// Page start A/B against another checkout (`npx tsx bench/page-start-ab.ts --baseline <dir> [--resources 10000]
// [--rounds 8] [--reload]`): this checkout's browser mode and the baseline's (launched as in picker-ab.ts) beside
// one HTTP reference server. Each round starts each app afresh (new data directory: no cache, no last known lists)
// and opens its page in its own browser context (empty HTTP cache and storage), in ABBA order: the picker bench's
// "page open" case. Per page: navigation to the picker's list request (its `picker:list-start` mark), and
// navigation to every item loaded. Prints the medians of both apps and their differences.
// `--reload`: the reload case (issue #16's warm start) instead. Each round starts each app afresh, opens a first
// page and lets it list everything (untimed: the engine now has a last known list), then times a second page on
// the same app, which shows that list marked stale until the live one is in: navigation to the stale list on
// screen, to the list request, and to every live item loaded.
import type { Browser } from '@playwright/test';
import { argument, withAbApps } from './ab-apps';
import { runBench } from './run-bench';
import { waitForListed } from './picker-browser';
import { median } from './rounds';

const BASELINE = argument('--baseline');
const RESOURCES = Number(argument('--resources') ?? 10_000);
const ROUNDS = Number(argument('--rounds') ?? 8);
const RELOAD = process.argv.includes('--reload');

interface StartFigures {
  /** Navigation start to the picker's list request. */
  listRequestMs: number;
  /** Navigation start to every item loaded. */
  listedMs: number;
  /** `--reload`: navigation start to the last known list on screen, marked stale (absent: never shown). */
  staleShownMs?: number;
}

const LIST_START_SCRIPT = `(() => {
  const mark = performance.getEntriesByName('picker:list-start')[0];
  return mark ? mark.startTime : -1;
})()`;

async function openFresh(browser: Browser, url: string, expected: number): Promise<StartFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const listMs = await waitForListed(page, expected);
    const listRequestMs = (await page.evaluate(LIST_START_SCRIPT)) as number;
    if (listRequestMs < 0) throw new Error('the page listed without its picker:list-start mark');
    return { listRequestMs, listedMs: listRequestMs + listMs };
  } finally {
    await context.close();
  }
}

// Notes when the picker first shows a last known list (its badge marked stale), in ms since navigation: a
// MutationObserver from before the page's scripts run, so a stale list shown only briefly is not missed.
const STALE_WATCH_SCRIPT = `(() => {
  window.__staleShownAt = null;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-stale-list="true"]')) return;
    window.__staleShownAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stale-list'] });
})()`;

/**
 * The timed page of `--reload`: the app has listed once already, so this page starts on its last known list
 * (unless the live list, served from the engine's cache, is in before the stale one is drawn).
 */
async function openReload(browser: Browser, url: string, expected: number): Promise<StartFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(STALE_WATCH_SCRIPT);
    const page = await context.newPage();
    await page.goto(url);
    const listMs = await waitForListed(page, expected);
    const listRequestMs = (await page.evaluate(LIST_START_SCRIPT)) as number;
    if (listRequestMs < 0) throw new Error('the page listed without its picker:list-start mark');
    const staleShownMs = (await page.evaluate('window.__staleShownAt')) as number | null;
    return { listRequestMs, listedMs: listRequestMs + listMs, ...(staleShownMs !== null && { staleShownMs }) };
  } finally {
    await context.close();
  }
}

/** One timed page: a fresh app's first page, or with `--reload` its second (after an untimed first one). */
async function timedPage(browser: Browser, url: string, expected: number): Promise<StartFigures> {
  if (!RELOAD) return openFresh(browser, url, expected);
  await openFresh(browser, url, expected);
  return openReload(browser, url, expected);
}

/** The median time to the stale list over the pages that showed one, and how many did. */
function staleShown(pages: StartFigures[]): { staleShownMs?: number; pagesShowingStale: number } {
  const shown = pages.flatMap(f => (f.staleShownMs === undefined ? [] : [f.staleShownMs]));
  return { ...(shown.length > 0 && { staleShownMs: Math.round(median(shown)) }), pagesShowingStale: shown.length };
}

async function main(): Promise<void> {
  if (!BASELINE) throw new Error('usage: npx tsx bench/page-start-ab.ts --baseline <checkout> [--resources N] [--rounds N] [--reload]');
  await withAbApps({ baseline: BASELINE, resources: RESOURCES, tempPrefix: 'page-start-ab-', listFirst: true }, async ({ browser, urls, expected, restart }) => {
      // One untimed page each: both engines and the browser have run each app's code once.
      for (const url of Object.values(urls)) await timedPage(browser, url, expected);
      const figures = { baseline: [] as StartFigures[], this: [] as StartFigures[] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of round % 2 ? (['baseline', 'this'] as const) : (['this', 'baseline'] as const)) {
          // A fresh app each time, as the picker bench opens its page: a running app would show the last
          // known list beside the live one, which is another case (a reload).
          figures[name].push(await timedPage(browser, await restart(name), expected));
        }
      }
      const summary = (name: 'baseline' | 'this') => ({
        listRequestMs: Math.round(median(figures[name].map(f => f.listRequestMs))),
        listedMs: Math.round(median(figures[name].map(f => f.listedMs))),
        ...(RELOAD && staleShown(figures[name]))
      });
      const result = { baseline: summary('baseline'), this: summary('this') };
      console.log(
        JSON.stringify(
          {
            case: RELOAD ? 'reload (second page, last known list shown)' : 'fresh app',
            resources: expected,
            rounds: ROUNDS,
            medians: result,
            thisMinusBaselineMs: {
              listRequest: result.this.listRequestMs - result.baseline.listRequestMs,
              listed: result.this.listedMs - result.baseline.listedMs
            },
            samples: Object.fromEntries(Object.entries(figures).map(([name, rows]) => [name, rows.map(f => `${RELOAD ? `${Math.round(f.staleShownMs ?? -1)}/` : ''}${Math.round(f.listRequestMs)}/${Math.round(f.listedMs)}`).join(' ')]))
          },
          null,
          2
        )
      );
  });
}

runBench(main);
