// Page start A/B against another checkout (`npx tsx bench/page-start-ab.ts --baseline <dir> [--resources 10000]
// [--rounds 8]`): this checkout's browser mode and the baseline's (launched as in picker-ab.ts) beside one HTTP
// reference server. Each round starts each app afresh (new data directory: no cache, no last known lists) and
// opens its page in its own browser context (empty HTTP cache and storage), in ABBA order: the picker bench's
// "page open" case. Per page: navigation to the picker's list request (its `picker:list-start` mark), and
// navigation to every item loaded. Prints the medians of both apps and their differences.
import type { Browser } from '@playwright/test';
import { argument, withAbApps } from './ab-apps';
import { runBench } from './run-bench';
import { waitForListed } from './picker-browser';

const BASELINE = argument('--baseline');
const RESOURCES = Number(argument('--resources') ?? 10_000);
const ROUNDS = Number(argument('--rounds') ?? 8);

interface StartFigures {
  /** Navigation start to the picker's list request. */
  listRequestMs: number;
  /** Navigation start to every item loaded. */
  listedMs: number;
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  if (!BASELINE) throw new Error('usage: npx tsx bench/page-start-ab.ts --baseline <checkout> [--resources N] [--rounds N]');
  await withAbApps({ baseline: BASELINE, resources: RESOURCES, tempPrefix: 'page-start-ab-', listFirst: true }, async ({ browser, urls, expected, restart }) => {
      // One untimed page each: both engines and the browser have run each app's code once.
      for (const url of Object.values(urls)) await openFresh(browser, url, expected);
      const figures = { baseline: [] as StartFigures[], this: [] as StartFigures[] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of round % 2 ? (['baseline', 'this'] as const) : (['this', 'baseline'] as const)) {
          // A fresh app each time, as the picker bench opens its page: a running app would show the last
          // known list beside the live one, which is another case (a reload).
          figures[name].push(await openFresh(browser, await restart(name), expected));
        }
      }
      const summary = (name: 'baseline' | 'this') => ({
        listRequestMs: Math.round(median(figures[name].map(f => f.listRequestMs))),
        listedMs: Math.round(median(figures[name].map(f => f.listedMs)))
      });
      const result = { baseline: summary('baseline'), this: summary('this') };
      console.log(
        JSON.stringify(
          {
            resources: expected,
            rounds: ROUNDS,
            medians: result,
            thisMinusBaselineMs: {
              listRequest: result.this.listRequestMs - result.baseline.listRequestMs,
              listed: result.this.listedMs - result.baseline.listedMs
            },
            samples: Object.fromEntries(Object.entries(figures).map(([name, rows]) => [name, rows.map(f => `${Math.round(f.listRequestMs)}/${Math.round(f.listedMs)}`).join(' ')]))
          },
          null,
          2
        )
      );
  });
}

runBench(main);
