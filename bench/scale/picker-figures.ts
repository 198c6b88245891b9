// One measured run of the picker at one size, shared by the listing, memory and search cases: the reference
// server over HTTP with `size` resources at 500 per page, the raw SDK cursor loop and the picker in Chromium
// (browser mode, a fresh app per round whose engine is warm and whose cache is empty; a Chromium with no
// driver's instrumentation, bare-chromium.ts) in interleaved rounds,
// then the engine's memory, the page's heap and keystroke latency with the list loaded. Listing a million
// takes minutes, so a size is measured once per process whichever of those cases ask for it.
import { readFile } from 'node:fs/promises';
import { type AppFigures, measureApp } from '../picker-browser';
import { BareChromium } from '../bare-chromium';
import { rawSdkLoop, warmApp, withSteadyBench } from '../picker-app';

const PAGE_SIZE = 500;

export interface PickerScaleFigures {
  size: number;
  /** Per round, interleaved: the raw SDK loop, and the picker from its list request to every item loaded. */
  rawMs: number[];
  pickerMs: number[];
  /** The same listings from opening the page (app boot included). */
  pickerOpenMs: number[];
  /** Engine (browser mode's Node process) resident memory with the list loaded, and its peak, in bytes. */
  engineRss: number;
  enginePeakRss: number;
  /** The last round's page: heap after GC, DOM, keystroke latency. */
  app: AppFigures;
}

/** Rounds interleaved per size: a million takes ~20 s raw and a little more in the page per round. */
const DEFAULT_ROUNDS = 3;

/** VmRSS and VmHWM of a Linux process, in bytes. */
export async function residentMemory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function measure(size: number, rounds: number): Promise<PickerScaleFigures> {
  return withSteadyBench(size, PAGE_SIZE, 'scale-bench-', BareChromium.launch, async ({ server, browser, dataDir, configPath }) => {
    // Not timed: the server computes each item's size on its first listing.
    const expected = (await rawSdkLoop(server.url)).items.length;
    const rawMs: number[] = [];
    const pickerMs: number[] = [];
    const pickerOpenMs: number[] = [];
    let app: AppFigures | undefined;
    let memory = { rss: Number.NaN, peak: Number.NaN };
    for (let r = 0; r < rounds; r++) {
      rawMs.push((await rawSdkLoop(server.url)).ms);
      const pageApp = await warmApp(configPath, dataDir, expected, { listFirst: size < 1_000_000 });
      pageApp.engine.close();
      try {
        const last = r === rounds - 1;
        const pid = pageApp.bridge.child.pid;
        if (pid === undefined) throw new Error('browser mode has no process id');
        const figures = await measureApp(browser, pageApp.bridge.url, expected, {
          listingOnly: !last,
          typingRounds: size >= 1_000_000 ? 1 : 3,
          fastTyping: true,
          afterListed: async () => void (memory = await residentMemory(pid))
        });
        pickerMs.push(figures.listMs);
        pickerOpenMs.push(figures.openToListedMs);
        if (last) app = figures;
      } finally {
        await pageApp.bridge.stop();
      }
    }
    if (!app) throw new Error('no picker rounds ran');
    return { size: expected, rawMs, pickerMs, pickerOpenMs, engineRss: memory.rss, enginePeakRss: memory.peak, app };
  });
}

const measured = new Map<number, Promise<PickerScaleFigures>>();

/** The figures at `size`, measured on first request. Sizes are measured one after another, never at once. */
export function pickerFigures(size: number, rounds = DEFAULT_ROUNDS): Promise<PickerScaleFigures> {
  let figures = measured.get(size);
  if (!figures) measured.set(size, (figures = measure(size, rounds)));
  return figures;
}
