// Picker benchmark (`npx tsx bench/picker.ts [--resources N] [--page-size N]`): the bundled reference
// server over HTTP with 100,000 resources, and in the same run:
//   - listing: the raw SDK cursor loop vs the engine's resources.list as the picker calls it (from Node over
//     the browser-mode socket, streamed, empty cache, code warmed like the raw loop's) vs the picker in Chromium (from its list request to
//     every item loaded and shown, and from opening the page), rounds interleaved, medians (ratios: the median of each round's own);
//   - search: keystroke-to-results p50/p95 of the picker's search vs a linear substring filter, in Node,
//     and in the page (keystroke to results committed, and to the frame after);
//   - DOM rows and renderer JS heap with the list loaded vs rendering every item unvirtualized.
// Targets: search p95 <= 16 ms, <= 300 DOM rows, listing <= 1.3x the raw SDK loop. Prints JSON.
import { type AppFigures, measureApp, measureUnvirtualized } from './picker-browser';
import { BareChromium } from './bare-chromium';
import { rawSdkLoop, streamedList, warmApp, withSteadyBench } from './picker-app';
import { benchSearch } from './picker-search';
import { median, pairedRatio } from './rounds';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

const RESOURCES = flag('--resources', 100_000);
const PAGE_SIZE = flag('--page-size', 500);
const ROUNDS = 5;
/** `--listing-only`: just the listing figures (raw loop, engine, picker page), for quick comparisons. */
const LISTING_ONLY = process.argv.includes('--listing-only');

function listingTargets(listing: { engineVsRaw: number; pickerVsRaw: number }) {
  return { listingEngine: listing.engineVsRaw <= 1.3 ? 'met' : 'missed', listingPicker: listing.pickerVsRaw <= 1.3 ? 'met' : 'missed' };
}

async function main(): Promise<void> {
  return withSteadyBench(RESOURCES, PAGE_SIZE, 'picker-bench-', BareChromium.launch, async ({ server, browser, dataDir, configPath }) => {

    // Not timed: the server computes each item's size on its first listing.
    const { items } = await rawSdkLoop(server.url);
    // Rounds interleave the three measures, so a change in the machine's load hits them alike.
    const raw: number[] = [];
    const engineMs: number[] = [];
    const pageMs: number[] = [];
    const openMs: number[] = [];
    let app: AppFigures | undefined;
    const engineApp = await warmApp(configPath, dataDir, items.length);
    try {
      for (let r = 0; r < ROUNDS; r++) {
        raw.push((await rawSdkLoop(server.url)).ms);
        await engineApp.engine.call('cache.clear', {});
        engineMs.push(await streamedList(engineApp.engine, items.length, `round-${r}`));
        // The picker on its own app (the engine app's socket client would double the event work).
        const pageApp = await warmApp(configPath, dataDir, items.length);
        pageApp.engine.close();
        try {
          const figures = await measureApp(browser, pageApp.bridge.url, items.length, { listingOnly: LISTING_ONLY || app !== undefined });
          pageMs.push(figures.listMs);
          openMs.push(figures.openToListedMs);
          app ??= figures;
        } finally {
          await pageApp.bridge.stop();
        }
      }
    } finally {
      engineApp.engine.close();
      await engineApp.bridge.stop();
    }
    if (!app) throw new Error('no picker rounds ran');
    const listing = {
      rawSdkLoopMs: Math.round(median(raw)),
      engineResourcesListMs: Math.round(median(engineMs)),
      pickerListRequestToAllLoadedMs: Math.round(median(pageMs)),
      pickerPageOpenToAllLoadedMs: median(openMs),
      engineVsRaw: +pairedRatio(engineMs, raw).toFixed(2),
      pickerVsRaw: +pairedRatio(pageMs, raw).toFixed(2),
      pickerWithBootVsRaw: +pairedRatio(openMs, raw).toFixed(2),
      rounds: { rawSdkLoopMs: raw.map(Math.round), engineMs: engineMs.map(Math.round), pickerMs: pageMs.map(Math.round), pickerWithBootMs: openMs }
    };
    if (LISTING_ONLY) {
      console.log(JSON.stringify({ resources: items.length, pageSize: PAGE_SIZE, listing, targets: listingTargets(listing) }, null, 2));
      return;
    }
    const search = benchSearch(items);
    const unvirtualized = await measureUnvirtualized(browser, items);
    const figures = {
      resources: items.length,
      pageSize: PAGE_SIZE,
      listing,
      searchNode: { picker: search.ours, linearSubstringBaseline: search.baseline },
      searchInPage: app.keystroke,
      dom: { pickerRows: app.domRows, pickerNodes: app.domNodes, unvirtualizedRows: unvirtualized.domRows, unvirtualizedRenderMs: Math.round(unvirtualized.renderMs) },
      heapMb: { picker: +app.heapMb.toFixed(1), unvirtualized: +unvirtualized.heapMb.toFixed(1) },
      targets: {
        searchP95: search.ours.p95Ms <= 16 ? 'met' : 'missed',
        domRows: app.domRows <= 300 ? 'met' : 'missed',
        ...listingTargets(listing)
      }
    };
    console.log(JSON.stringify(figures, (_, v) => (typeof v === 'number' && !Number.isInteger(v) ? +v.toFixed(2) : v), 2));
  });
}

main().catch(err => {
  console.error(err);
  process.exit(1);
});
