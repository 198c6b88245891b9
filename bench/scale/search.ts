// Search case, in the page with the list loaded: keystroke to results painted (the first animation frame after
// the list shows the new query's rows), typing each query a character at a time and waiting for the results;
// and, typing a key every 50 ms without waiting, key to the first frame that shows it in the box (the input
// must never lag behind typing). Targets: at 100k ≤ 16.7 ms p50 and ≤ 33 ms p95; at 1M ≤ 33 ms p95.
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
    const { app } = await pickerFigures(size);
    if (!app.keystroke || !app.typing) throw new Error('the picker run measured no typing');
    const painted = app.keystroke.nextFrame;
    const target = paintTarget(size);
    rows.push({
      case: `keystroke → results painted, p50 / p95 (${painted.keystrokes} keys)`,
      size: sizeLabel(size),
      app: `${ms(painted.p50Ms)} / ${ms(painted.p95Ms)} (max ${ms(painted.maxMs)})`,
      baseline: '—',
      target: target.text,
      met: target.met(painted.p50Ms, painted.p95Ms)
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
