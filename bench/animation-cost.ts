// What an endless CSS animation costs while nothing else happens (`npx tsx bench/animation-cost.ts [--bars 1,50]
// [--seconds 5]`): a blank page in Chromium (bare DevTools) showing the list progress bar's track and bar, `bars`
// times, animated one way; the CPU each of Chromium's process types used over `seconds`, against the same bars
// standing still in the same run. A transform animation runs on the compositor, so the page's main thread never
// sees it, but the compositor and the GPU process (software in headless Chromium) draw every frame: the reason the
// stylesheets hold no endless animation (renderer/styles/styles.test.ts) and the progress bar steps instead.
import { argument } from './ab-apps';
import { BareChromium, cpuSince } from './bare-chromium';
import { runBench } from './run-bench';

const BARS = (argument('--bars') ?? '1,50').split(',').map(Number);
const SECONDS = Number(argument('--seconds') ?? 5);

/** The old progress bar's animation (an endless linear slide), a stepped one, and none: the bar standing still. */
const ANIMATIONS: Record<string, string> = {
  none: 'none',
  'linear, endless (the old bar)': 'slide 1.2s linear infinite',
  'steps(6), endless': 'slide 1.2s steps(6) infinite'
};

const css = (animation: string) =>
  `.track{position:relative;width:6rem;height:4px;margin:2px;background:#eee;overflow:hidden}` +
  `.bar{position:absolute;top:0;bottom:0;left:0;width:40%;background:#36c;will-change:transform;animation:${animation}}` +
  `@keyframes slide{from{transform:translateX(-100%)}to{transform:translateX(250%)}}`;

async function main(): Promise<void> {
  const browser = await BareChromium.launch();
  try {
    const rows: Record<string, string | number>[] = [];
    for (const bars of BARS) {
      for (const [name, animation] of Object.entries(ANIMATIONS)) {
        const page = await browser.newPage();
        try {
          await page.goto('about:blank');
          await page.evaluate(
            `(() => { const s = document.createElement('style'); s.textContent = ${JSON.stringify(css(animation))}; document.head.append(s);` +
              `for (let i = 0; i < ${bars}; i++) { const t = document.createElement('div'); t.className = 'track'; t.innerHTML = '<span class="bar"></span>'; document.body.append(t); } })()`
          );
          // Settled: the first frames and the page's own start are not counted.
          await new Promise(resolve => setTimeout(resolve, 1_000));
          const before = await browser.cpuMsByType();
          await new Promise(resolve => setTimeout(resolve, SECONDS * 1_000));
          const used = cpuSince(before, await browser.cpuMsByType());
          const total = Object.values(used).reduce((a, b) => a + b, 0);
          rows.push({ bars, animation: name, ...Object.fromEntries(Object.entries(used).map(([type, ms]) => [type, Math.round(ms)])), 'share of a core': `${((total / (SECONDS * 1000)) * 100).toFixed(1)}%` });
        } finally {
          await page.close();
        }
      }
    }
    console.table(rows);
  } finally {
    await browser.close();
  }
}

runBench(main);
