// The listing A/B against another checkout, with the page's CPU (`npx tsx bench/listing-ab.ts --baseline <dir>
// [--resources 1000000] [--rounds 4]`): one HTTP reference server at 500 per page; each round runs the raw SDK
// cursor loop, then this checkout's browser mode and the baseline's (its built dist/node/bridge.mjs: run
// `npm run build` there first), in alternating order, each a fresh app whose page is driven over bare DevTools
// (bare-chromium.ts). Per listing: list request → every item loaded, its ratio to the round's raw loop, and the
// CPU each of Chromium's process types used meanwhile. The machine's speed drifts between rounds by more than a
// page change moves the time; the CPU a side's Chromium used is the steadier figure.
import path from 'node:path';
import { argument } from './ab-apps';
import { BareChromium, cpuSince } from './bare-chromium';
import { rawSdkLoop, warmApp, withSteadyBench } from './picker-app';
import { waitForListed } from './picker-browser';
import { median, pairedRatio } from './rounds';
import { runBench } from './run-bench';

const BASELINE = argument('--baseline');
const RESOURCES = Number(argument('--resources') ?? 1_000_000);
const ROUNDS = Number(argument('--rounds') ?? 4);

type Side = 'this' | 'baseline';

interface Listing {
  listMs: number;
  /** CPU ms per Chromium process type while the page opened and listed. */
  chromiumMs: Record<string, number>;
}

async function listOnce(browser: BareChromium, url: string, expected: number): Promise<Listing> {
  const page = await browser.newPage();
  try {
    const before = await browser.cpuMsByType();
    await page.goto(url);
    const listMs = await waitForListed(page, expected);
    const after = await browser.cpuMsByType();
    return { listMs, chromiumMs: cpuSince(before, after) };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  if (!BASELINE) throw new Error('usage: npx tsx bench/listing-ab.ts --baseline <checkout, built> [--resources N] [--rounds N]');
  const bundles: Record<Side, string | undefined> = { this: undefined, baseline: path.resolve(BASELINE, 'dist', 'node', 'bridge.mjs') };
  await withSteadyBench(RESOURCES, 500, 'listing-ab-', BareChromium.launch, async ({ server, browser, dataDir, configPath }) => {
    const expected = (await rawSdkLoop(server.url)).items.length;
    const raw: number[] = [];
    const runs: Record<Side, Listing[]> = { this: [], baseline: [] };
    for (let r = 0; r < ROUNDS; r++) {
      raw.push((await rawSdkLoop(server.url)).ms);
      const order: Side[] = r % 2 ? ['baseline', 'this'] : ['this', 'baseline'];
      for (const side of order) {
        const app = await warmApp(configPath, dataDir, expected, { listFirst: RESOURCES < 1_000_000, bundle: bundles[side] });
        app.engine.close();
        try {
          const listing = await listOnce(browser, app.bridge.url, expected);
          runs[side].push(listing);
          console.error(`[listing-ab] round ${r + 1} ${side}: ${(listing.listMs / 1000).toFixed(1)} s (raw ${(raw[r] / 1000).toFixed(1)} s)`);
        } finally {
          await app.bridge.stop();
        }
      }
    }
    const summary = (side: Side) => {
      const listings = runs[side];
      const types = [...new Set(listings.flatMap(l => Object.keys(l.chromiumMs)))];
      return {
        listMs: listings.map(l => Math.round(l.listMs)),
        medianRatio: pairedRatio(listings.map(l => l.listMs), raw),
        chromiumMedianMs: Object.fromEntries(types.map(type => [type, Math.round(median(listings.map(l => l.chromiumMs[type] ?? 0)))]))
      };
    };
    console.log(JSON.stringify({ resources: expected, rounds: ROUNDS, rawMs: raw.map(Math.round), this: summary('this'), baseline: { checkout: BASELINE, ...summary('baseline') } }, null, 1));
  });
}

runBench(main);
