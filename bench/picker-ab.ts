// Keystroke A/B against another checkout (`npx tsx bench/picker-ab.ts --baseline <dir> [--resources 100000]
// [--rounds 6]`): this checkout's browser mode and the baseline's (its own `electron/bridge/main.ts` run with its
// own tsx, see ab-apps.ts) list the same HTTP reference server, each in
// its own page of one Chromium; then the bench's queries are typed into each page in turn, rounds interleaved
// (ABBA), so both meet the same machine load. Prints keystroke-to-commit p50, p95 and mean for both, their
// differences, and the keystrokes whose medians differ most. Separate bench runs per checkout swing by more than
// the differences this is for (a millisecond or two).
import type { Page } from '@playwright/test';
import { argument, withAbApps } from './ab-apps';
import { runBench } from './run-bench';
import { typeQueries, waitForListed } from './picker-browser';
import { TYPED_QUERIES } from './picker-search';

const BASELINE = argument('--baseline');
const RESOURCES = Number(argument('--resources') ?? 100_000);
const ROUNDS = Number(argument('--rounds') ?? 6);

/** What each keystroke typed, in the order typeQueries reports them. */
const typed = TYPED_QUERIES.flatMap(query => Array.from(query, (_, n) => query.slice(0, n + 1)));

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
function summary(samples: number[]): { p50: number; p95: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: at(sorted, 0.5), p95: at(sorted, 0.95), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

async function main(): Promise<void> {
  if (!BASELINE) throw new Error('usage: npx tsx bench/picker-ab.ts --baseline <checkout> [--resources N] [--rounds N]');
  await withAbApps({ baseline: BASELINE, resources: RESOURCES, tempPrefix: 'picker-ab-', listFirst: false }, async ({ browser, urls, expected }) => {
      const pages = new Map<string, Page>();
      for (const [name, url] of Object.entries(urls)) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(url);
        await waitForListed(page, expected);
        await page.waitForTimeout(500);
        // One untimed round each: the code is compiled and warm before anything is timed.
        await typeQueries(page, 1);
        pages.set(name, page);
      }
      const rounds = new Map<string, number[][]>([['baseline', []], ['this', []]]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of round % 2 ? ['baseline', 'this'] : ['this', 'baseline']) {
          const page = pages.get(name)!;
          await page.bringToFront();
          rounds.get(name)!.push((await typeQueries(page, 1)).committed);
        }
      }
      const figures = Object.fromEntries([...rounds].map(([name, samples]) => [name, summary(samples.flat())]));
      const median = (xs: number[]) => summary(xs).p50;
      const perKey = typed.map((text, k) => ({
        typed: text,
        baselineMs: median(rounds.get('baseline')!.map(r => r[k])),
        thisMs: median(rounds.get('this')!.map(r => r[k]))
      }));
      perKey.sort((a, b) => Math.abs(b.thisMs - b.baselineMs) - Math.abs(a.thisMs - a.baselineMs));
      const round1 = (x: number) => Math.round(x * 10) / 10;
      console.log(
        JSON.stringify(
          {
            resources: expected,
            rounds: ROUNDS,
            keystrokesPerRound: typed.length,
            committedMs: Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, { p50: round1(f.p50), p95: round1(f.p95), mean: round1(f.mean) }])),
            thisMinusBaselineMs: { p50: round1(figures.this.p50 - figures.baseline.p50), p95: round1(figures.this.p95 - figures.baseline.p95), mean: round1(figures.this.mean - figures.baseline.mean) },
            mostDifferent: perKey.slice(0, 10).map(k => ({ ...k, baselineMs: round1(k.baselineMs), thisMs: round1(k.thisMs) }))
          },
          null,
          2
        )
      );
  });
}

runBench(main);
