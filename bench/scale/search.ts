// Search case, in the page with the list loaded, typing each query a character at a time and waiting for the
// results: keystroke to results painted, with keys typed at a random point of a frame as a keyboard's come (to
// the frame that paints the result's rows: the figure held to the targets), and with keys typed at a frame's
// start (to the frame after the results: never under one frame, see picker-browser.ts); and, typing a key every
// 50 ms without waiting, key to the first frame that shows it in the box (the input must never lag behind typing).
// The rows painted may be a costly search's first rows, found in the keystroke's own frame, exactly as its whole
// result starts (search-first.ts); the frame painting the whole result (its count and scroll extent) is a row too.
// Targets: at 100k ≤ 16.7 ms p50 and ≤ 33 ms p95; at 1M ≤ 33 ms p95.
import { pickerFigures } from './picker-figures';
import { type ScaleOptions, type ScaleRow, sizeLabel } from './table';

const FRAME_MS = 16.7;
const TWO_FRAMES_MS = 33;
const ms = (x: number) => `${x.toFixed(1)} ms`;

function paintTarget(size: number): { text: string; met: (p50: number, p95: number) => boolean | undefined } {
  if (size >= 1_000_000) return { text: `≤ ${TWO_FRAMES_MS} ms p95`, met: (_, p95) => p95 <= TWO_FRAMES_MS };
  if (size >= 100_000) return { text: `≤ ${FRAME_MS} ms p50, ≤ ${TWO_FRAMES_MS} ms p95`, met: (p50, p95) => p50 <= FRAME_MS && p95 <= TWO_FRAMES_MS };
  return { text: '— (targets at 100k and 1M)', met: () => undefined };
}

export async function run(options: ScaleOptions): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const size of options.sizes) {
    const { app } = await pickerFigures(size, options.rounds);
    if (!app.keystroke || !app.typing) throw new Error('the picker run measured no typing');
    const { midFrame, nextFrame, midFrameWhole } = app.keystroke;
    const target = paintTarget(size);
    rows.push({
      case: `keystroke at a random point of a frame → the frame painting its result's rows, p50 / p95 (${midFrame.keystrokes} keys)`,
      size: sizeLabel(size),
      app: `${ms(midFrame.p50Ms)} / ${ms(midFrame.p95Ms)} (max ${ms(midFrame.maxMs)})`,
      baseline: '—',
      target: target.text,
      met: target.met(midFrame.p50Ms, midFrame.p95Ms)
    });
    rows.push({
      case: `the same keys → the frame painting the whole result (its count and scroll extent), p50 / p95`,
      size: sizeLabel(size),
      app: `${ms(midFrameWhole.p50Ms)} / ${ms(midFrameWhole.p95Ms)} (max ${ms(midFrameWhole.maxMs)})`,
      baseline: '—',
      target: 'none: the rows on screen are the result (the row above); shown for comparison with earlier runs',
      met: undefined
    });
    rows.push({
      case: `keystroke at a frame's start → the frame after its results, p50 / p95 (${nextFrame.keystrokes} keys)`,
      size: sizeLabel(size),
      app: `${ms(nextFrame.p50Ms)} / ${ms(nextFrame.p95Ms)} (max ${ms(nextFrame.maxMs)})`,
      baseline: '—',
      target: 'never under one frame (16.7 ms): shown for comparison with earlier runs',
      met: undefined
    });
    const echo = app.typing.echo;
    rows.push({
      case: `typing a key every ${app.typing.intervalMs} ms: key → shown in the box, p50 / p95`,
      size: sizeLabel(size),
      app: `${ms(echo.p50Ms)} / ${ms(echo.p95Ms)} (max ${ms(echo.maxMs)}; ${app.typing.lagging} frames behind)`,
      baseline: '—',
      target: `never behind: every frame shows the typed text, max < ${app.typing.intervalMs} ms`,
      met: app.typing.lagging === 0 && echo.maxMs < app.typing.intervalMs
    });
  }
  return rows;
}
