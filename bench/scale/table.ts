// One row per measured case of `bench/scale.ts`: this app's figure, the raw-SDK baseline measured in the same
// run (where the case has one), their ratio, and the target. Each case module returns rows; the runner
// prints them as one Markdown table (for the README) and as JSON (for bench/results/).
export interface ScaleRow {
  /** What is measured, e.g. "listing, one HTTP server, 500/page". */
  case: string;
  /** The size it ran at: "10k", "100k", "1M", "50 servers × 2,000". */
  size: string;
  /** This app's figure with its unit, e.g. "14.2 s" or "212 B/resource". */
  app: string;
  /** The baseline's figure measured in the same run, or "—" when the case has none. */
  baseline: string;
  /** app ÷ baseline, when both are times of the same thing. */
  ratio?: number;
  /** The target as the issue states it, e.g. "≤ 1.3×" or "≤ 33 ms p95". */
  target: string;
  /** Whether the target is met; undefined when the row is informative only. */
  met?: boolean;
  /** Each round's figures (ms) behind a median, for the JSON only: how far apart the rounds were. */
  rounds?: { app: number[]; baseline: number[] };
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function markdownTable(rows: readonly ScaleRow[]): string {
  const lines = ['| case | size | this app | raw SDK, same run | ratio | target | met |', '|---|---|---|---|---|---|---|'];
  for (const row of rows) {
    const ratio = row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)}×`;
    const met = row.met === undefined ? '—' : row.met ? 'yes' : '**no**';
    lines.push(`| ${[row.case, row.size, row.app, row.baseline, ratio, row.target, met].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** What the runner passes every case module's `run`: the sizes asked for on its command line (resource counts). */
export interface ScaleOptions {
  sizes: number[];
  /** Picker listing rounds per size (default 3). */
  rounds?: number;
}

/** 10000 → "10k", 1000000 → "1M": the size column's spelling. */
export function sizeLabel(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}M`;
  if (n >= 1_000 && n % 1_000 === 0) return `${n / 1_000}k`;
  return String(n);
}
