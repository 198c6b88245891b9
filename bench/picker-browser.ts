// Browser half of the picker benchmark: browser mode in Chromium against the 100k reference server.
// Measures the listing as the user sees it (page open to every item loaded), DOM rows and renderer heap
// with the list loaded, in-page keystroke-to-results latency, and an unvirtualized rendering of the
// same items as the baseline for rows and heap.
import { chromium, type Browser } from '@playwright/test';
import type { ResourceItem } from '../shared/contract';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type BenchBrowser, type BenchPage, type Evaluates } from './bench-page';
import { TYPED_QUERIES, summarize, type LatencySummary } from './picker-search';

/** Chromium under Playwright, for benches that use its API; listings are timed in bare-chromium.ts's instead. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

async function heapMb(page: BenchPage): Promise<number> {
  return (await pageMemoryMb(page)).heapMb;
}

/**
 * The page's JS heap after a forced GC, and the memory of its array buffers (typed arrays: the search index,
 * sort orders), which V8 keeps outside that heap.
 */
async function pageMemoryMb(page: BenchPage): Promise<{ heapMb: number; arrayBuffersMb: number }> {
  await page.send('HeapProfiler.collectGarbage');
  await page.send('Performance.enable');
  const { metrics } = await page.send<{ metrics: { name: string; value: number }[] }>('Performance.getMetrics');
  const usage = await page.send<{ backingStorageSize: number }>('Runtime.getHeapUsage');
  await page.send('Performance.disable');
  const used = metrics.find(m => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  return { heapMb: used / 1024 / 1024, arrayBuffersMb: usage.backingStorageSize / 1024 / 1024 };
}

// Page scripts are plain JavaScript text: tsx would compile functions with helpers the page lacks.
const LIST = '[data-testid="resource-list"]';
/**
 * A page expression (not a function: Playwright evaluates strings as expressions): null until n items are
 * loaded, then the ms since the picker asked for the list (its `picker:list-start` mark).
 */
// A listing that failed (e.g. past the engine's item limit) shows an error banner: its text, so the bench stops.
const loadedExpression = (n: number) => `(() => {
  const failed = document.querySelector('[data-testid="error-banner"]');
  if (failed) return 'the listing failed: ' + failed.textContent;
  const l = document.querySelector('${LIST}');
  if (!l || l.dataset.loading !== 'false' || Number(l.dataset.loaded) < ${n}) return null;
  const start = performance.getEntriesByName('picker:list-start')[0];
  return start ? performance.now() - start.startTime : -1;
})()`;
// Types every query one character at a time, TYPING_ROUNDS times, and records per keystroke: the ms until
// the list shows the rows of the new text (its data-shown-query attribute changes in the same commit as its
// rows; seen by a MutationObserver, so no polling granularity), and until the next animation frame after
// that. Those keys are typed in an animation frame's callback, right at the frame's start, so that frame is
// never earlier than the display's next one (16.7 ms at 60 Hz), even for results committed in time to be
// painted in the frame the key was typed in. Then every keystroke again, as keys come from a keyboard: typed
// from a timer at a random point of a frame, timed to the first animation frame after the results, which is
// the frame that paints them (`midFrame`).
// The rows shown may be the first rows of the result, found in the keystroke's own frame while its whole search
// follows (search-first.ts); each keystroke is also timed to the frame after the whole result (its count and
// scroll extent: data-query), `paintedWhole` and `midFrameWhole`, and the next key waits for both.
const TYPE_SCRIPT = `async (queries, rounds) => {
  const input = document.querySelector('[data-testid="resource-search"]');
  const list = document.querySelector('${LIST}');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const until = (attribute, q) => new Promise(resolve => {
    const key = attribute === 'data-query' ? 'query' : 'shownQuery';
    if (list.dataset[key] === q) return resolve();
    const observer = new MutationObserver(() => {
      if (list.dataset[key] !== q) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(list, { attributes: true, attributeFilter: [attribute] });
  });
  const type = q => {
    setValue.call(input, q);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const committed = [];
  const painted = [];
  const paintedWhole = [];
  const midFrame = [];
  const midFrameWhole = [];
  // The two ways of typing take turns by round, so neither gets the page's warmer rounds.
  for (let round = 0; round < 2 * rounds; round++) {
    const atFrameStart = round % 2 === 0;
    for (const query of queries) {
      for (let n = 1; n <= query.length; n++) {
        const q = query.slice(0, n);
        if (!atFrameStart) {
          await frame();
          await new Promise(r => setTimeout(r, Math.random() * 16));
        }
        const started = performance.now();
        type(q);
        const [first, whole] = await Promise.all([
          until('data-shown-query', q).then(() => {
            if (atFrameStart) committed.push(performance.now() - started);
            return frame();
          }).then(() => performance.now() - started),
          until('data-query', q).then(frame).then(() => performance.now() - started)
        ]);
        (atFrameStart ? painted : midFrame).push(first);
        (atFrameStart ? paintedWhole : midFrameWhole).push(whole);
      }
      type('');
      await until('data-query', '');
      await frame();
    }
  }
  return { committed, painted, paintedWhole, midFrame, midFrameWhole };
}`;
// Types the queries as a fast typist does, one character every `intervalMs` whatever the page is doing,
// and records per keystroke the ms from when the key was due to the first frame after the page handled it
// with the new text in the box: the input's own lag (the results may follow later; that is the other measure).
// A frame whose box no longer holds what was typed (React put back older text) counts as lagging.
const TYPE_FAST_SCRIPT = `async (queries, intervalMs) => {
  const input = document.querySelector('[data-testid="resource-search"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const echo = [];
  let lagging = 0;
  for (const query of queries) {
    const due = performance.now();
    for (let n = 1; n <= query.length; n++) {
      const at = due + n * intervalMs;
      await new Promise(r => setTimeout(r, Math.max(0, at - performance.now())));
      const q = query.slice(0, n);
      setValue.call(input, q);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      void frame().then(() => {
        if (!input.value.startsWith(q)) lagging++;
        echo.push(performance.now() - at);
      });
    }
    await new Promise(r => setTimeout(r, 500));
    setValue.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise(r => setTimeout(r, 500));
  }
  return { echo, lagging };
}`;
const FAST_TYPING_INTERVAL_MS = 50;

/** Waits until the page's picker has loaded `expected` items; returns the ms since its list request. */
export async function waitForListed(page: Evaluates, expected: number): Promise<number> {
  const started = Date.now();
  // Polled from here: waitForFunction evaluates its string with eval, which the app's CSP forbids.
  let listMs: number | string | null;
  while ((listMs = await page.evaluate<number | string | null>(loadedExpression(expected))) === null) {
    if (Date.now() - started > 1_800_000) throw new Error('the picker never finished listing');
    await new Promise(r => setTimeout(r, 20));
  }
  if (typeof listMs === 'string') throw new Error(listMs);
  if (listMs < 0) throw new Error('the picker listed without its picker:list-start mark');
  return listMs;
}

export interface AppFigures {
  /** From the picker's list request to every item loaded. */
  listMs: number;
  /** From opening the page (app boot included) to every item loaded. */
  openToListedMs: number;
  domRows: number;
  domNodes: number;
  heapMb: number;
  /** Array buffers beside that heap (see pageMemoryMb). */
  arrayBuffersMb: number;
  /**
   * Keystroke to results on the page, and to the frame after it (keys typed at a frame's start); and keys typed
   * at a random point of a frame, to the frame that paints their results (see TYPE_SCRIPT).
   */
  keystroke?: {
    committed: LatencySummary;
    nextFrame: LatencySummary;
    midFrame: LatencySummary;
    /** The same two, to the frame after the whole result (count, scroll extent) rather than the rows on screen. */
    nextFrameWhole: LatencySummary;
    midFrameWhole: LatencySummary;
  };
  /**
   * Typing a key every 50 ms regardless: key due to the first frame showing it in the box, and how many
   * frames after a key still showed older text.
   */
  typing?: { echo: LatencySummary; lagging: number; intervalMs: number };
}

export interface MeasureOptions {
  /** Only the listing, rows and heap: no typing. */
  listingOnly?: boolean;
  /** Rounds of typing every query (default 3). */
  typingRounds?: number;
  /** Also type fast, without waiting for results (see TYPE_FAST_SCRIPT). */
  fastTyping?: boolean;
  /** Runs once the list is loaded and the page has settled, before the heap is measured (e.g. to read the engine's memory). */
  afterListed?: () => void | Promise<void>;
}

/**
 * Opens the app and measures listing, rows, heap and (unless `listingOnly`) keystroke latency with
 * `expected` items.
 */
interface TypedSamples {
  committed: number[];
  painted: number[];
  paintedWhole: number[];
  midFrame: number[];
  midFrameWhole: number[];
}

/** Types the bench's queries into the picker `rounds` times; per keystroke, ms to the results' commit and frames. */
export async function typeQueries(page: Evaluates, rounds: number): Promise<TypedSamples> {
  return page.evaluate<TypedSamples>(`(${TYPE_SCRIPT})(${JSON.stringify(TYPED_QUERIES)}, ${rounds})`);
}

export async function measureApp(browser: BenchBrowser, url: string, expected: number, options: MeasureOptions = {}): Promise<AppFigures> {
  const page = await browser.newPage();
  try {
    const started = Date.now();
    await page.goto(url);
    const listMs = await waitForListed(page, expected);
    const openToListedMs = Date.now() - started;
    await new Promise(resolve => setTimeout(resolve, 500));
    await options.afterListed?.();
    const domRows = await page.evaluate<number>('document.querySelectorAll(\'[data-testid="resource-row"]\').length');
    const domNodes = await page.evaluate<number>('document.getElementsByTagName("*").length');
    const memory = await pageMemoryMb(page);
    const listed = { listMs, openToListedMs, domRows, domNodes, ...memory };
    if (options.listingOnly) return listed;
    const samples = await typeQueries(page, options.typingRounds ?? 3);
    const keystroke = {
      committed: summarize(samples.committed),
      nextFrame: summarize(samples.painted),
      midFrame: summarize(samples.midFrame),
      nextFrameWhole: summarize(samples.paintedWhole),
      midFrameWhole: summarize(samples.midFrameWhole)
    };
    if (!options.fastTyping) return { ...listed, keystroke };
    const fast = await page.evaluate<{ echo: number[]; lagging: number }>(`(${TYPE_FAST_SCRIPT})(${JSON.stringify(TYPED_QUERIES)}, ${FAST_TYPING_INTERVAL_MS})`);
    return { ...listed, keystroke, typing: { echo: summarize(fast.echo), lagging: fast.lagging, intervalMs: FAST_TYPING_INTERVAL_MS } };
  } finally {
    await page.close();
  }
}

const UNVIRTUALIZED_SCRIPT = `(items) => {
  const started = performance.now();
  const list = document.createElement('div');
  for (const i of items) {
    const row = document.createElement('div');
    row.setAttribute('role', 'option');
    const title = document.createElement('div');
    title.textContent = i.title || i.name;
    const uri = document.createElement('div');
    uri.textContent = i.uri;
    const meta = document.createElement('div');
    meta.textContent = [i.serverId, i.mimeType, i.size].join(' ');
    row.append(title, uri, meta);
    list.append(row);
  }
  document.body.append(list);
  void document.body.offsetHeight;
  return new Promise(r => requestAnimationFrame(() => r({ ms: performance.now() - started, rows: list.children.length })));
}`;

export interface UnvirtualizedFigures {
  renderMs: number;
  domRows: number;
  heapMb: number;
}

/** The naive baseline: every item as DOM rows (same texts as a picker row, without badges). */
export async function measureUnvirtualized(browser: BenchBrowser, items: readonly ResourceItem[]): Promise<UnvirtualizedFigures> {
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    const light = items.map(i => ({ serverId: i.serverId, uri: i.uri, name: i.name, title: i.title, mimeType: i.mimeType, size: i.size }));
    const { ms, rows } = await page.evaluate<{ ms: number; rows: number }>(`(${UNVIRTUALIZED_SCRIPT})(${JSON.stringify(light)})`);
    return { renderMs: ms, domRows: rows, heapMb: await heapMb(page) };
  } finally {
    await page.close();
  }
}
