// Listing case: one HTTP server, 500 per page. The picker from its first list request to every item loaded
// (and searchable: the rows' columns are built as the pages arrive), against the raw SDK cursor loop in the
// same run. Target ≤ 1.3× the raw loop.
import { median, roundRatios } from '../rounds';
import { pickerFigures } from './picker-figures';
import { type ScaleOptions, type ScaleRow, sizeLabel } from './table';

const TARGET = 1.3;
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

export async function run(options: ScaleOptions): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const size of options.sizes) {
    const f = await pickerFigures(size, options.rounds);
    const picker = median(f.pickerMs);
    const raw = median(f.rawMs);
    const ratios = roundRatios(f.pickerMs, f.rawMs);
    const ratio = median(ratios);
    rows.push({
      case: "listing, one HTTP server, 500/page (list request → all loaded; ratio: the median of the rounds' own)",
      size: sizeLabel(size),
      app: `${seconds(picker)} (page open → all: ${seconds(median(f.pickerOpenMs))}; rounds' ratios ${ratios.map(r => `${r.toFixed(2)}×`).join(', ')}; ratio of the medians ${(picker / raw).toFixed(2)}×)`,
      baseline: seconds(raw),
      ratio,
      target: `≤ ${TARGET}×`,
      met: ratio <= TARGET,
      rounds: { app: f.pickerMs.map(Math.round), baseline: f.rawMs.map(Math.round) }
    });
  }
  return rows;
}
