// Search half of the picker benchmark: keystroke-to-results latency of the picker's search (uFuzzy with
// narrowing, tiers, active sort and annotation filters: exactly what the picker runs per keystroke) against
// a linear substring filter over the same fields, on the same items, typing the same queries.
//
// Run on its own (`npx tsx bench/picker-search.ts [--resources 100000] [--rounds 5]`), it generates the items
// with the reference server's catalog code, mapped as the engine maps listed resources (no server, no HTTP),
// and prints p50/p95/max per keystroke for both, as the median over the rounds, and ours/baseline ratios.
import { pathToFileURL } from 'node:url';
import { toResourceItem } from '../electron/engine/resources/items';
import { Catalog } from '../reference-server/catalog';
import type { ResourceItem } from '../shared/contract';
import { buildColumns } from '../shared/picker/columns';
import { applyAnnotationFilter, defaultAnnotationFilter } from '../shared/picker/filters';
import { SearchSession } from '../shared/search/search';
import { buildSortOrder } from '../shared/picker/sort';

/** Typed one character at a time; a mix of names, words, URIs, MIME types, typos and multi-term queries. */
export const TYPED_QUERIES = [
  'fjord design',
  'ref://catalog/4242',
  'application/json',
  'runbok',
  'glacier invoice 77',
  'kelp',
  'text/x-typescript',
  'orchid roadmap #9'
];

export interface LatencySummary {
  keystrokes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { keystrokes: samples.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted[sorted.length - 1] };
}

function keystrokes(): string[] {
  return TYPED_QUERIES.flatMap(q => Array.from({ length: q.length }, (_, n) => q.slice(0, n + 1)));
}

/** Runs `fn` for every keystroke of every query, `rounds` times, and returns the per-keystroke times. */
function time(rounds: number, fn: (query: string, fresh: boolean) => number): { samples: number[]; matches: number } {
  const samples: number[] = [];
  let matches = 0;
  for (let r = 0; r < rounds; r++) {
    let previous = '';
    for (const q of keystrokes()) {
      const started = performance.now();
      matches += fn(q, !q.startsWith(previous));
      samples.push(performance.now() - started);
      previous = q;
    }
  }
  return { samples, matches };
}

/** Per measure, the median over rounds of that round's summary. */
function medianSummary(perRound: LatencySummary[]): LatencySummary {
  const median = (pick: (s: LatencySummary) => number) => {
    const xs = perRound.map(pick).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)];
  };
  return { keystrokes: perRound[0].keystrokes, p50Ms: median(s => s.p50Ms), p95Ms: median(s => s.p95Ms), maxMs: median(s => s.maxMs) };
}

/** Each round's keystrokes summarised on their own, then the median of each measure over the rounds. */
function summarizeRounds(samples: number[], rounds: number): LatencySummary {
  const perRound = samples.length / rounds;
  return medianSummary(Array.from({ length: rounds }, (_, r) => summarize(samples.slice(r * perRound, (r + 1) * perRound))));
}

export function benchSearch(items: readonly ResourceItem[], rounds = 3) {
  const columns = buildColumns(items);
  const { order } = buildSortOrder(columns, 'priority');
  let session = new SearchSession(columns);
  // As in the picker, which builds the index when the browser is idle after the list has loaded.
  session.prepare();
  const ours = time(rounds, (q, fresh) => {
    if (fresh) session = new SearchSession(columns); // a new query starts from an empty box
    const result = session.search(q, order);
    return applyAnnotationFilter(columns, result ? result.idxs : order, defaultAnnotationFilter).idxs.length;
  });
  // Baseline: a picker without an index, scanning every item's lower-cased line (built once, outside the
  // timing, as the picker builds its own) for the typed text on each keystroke.
  const lines = items.map(i => `${i.name} ${i.title ?? ''} ${i.uri} ${i.description ?? ''} ${i.mimeType ?? ''}`.toLowerCase());
  const baseline = time(rounds, q => {
    const needle = q.toLowerCase();
    let n = 0;
    for (const line of lines) if (line.includes(needle)) n++;
    return n;
  });
  return { ours: summarizeRounds(ours.samples, rounds), baseline: summarizeRounds(baseline.samples, rounds) };
}

/** `count` items as the picker gets them from the reference server's catalog (default seed). */
export function catalogItems(count: number, seed = 42): ResourceItem[] {
  const catalog = new Catalog(count, seed);
  return Array.from({ length: count }, (_, i) => toResourceItem('ref', { ...catalog.meta(i) }));
}

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function main(): void {
  const items = catalogItems(flag('--resources', 100_000));
  const { ours, baseline } = benchSearch(items, flag('--rounds', 5));
  const ratio = (a: number, b: number) => +(a / b).toFixed(3);
  const round = (s: LatencySummary) => ({ ...s, p50Ms: +s.p50Ms.toFixed(2), p95Ms: +s.p95Ms.toFixed(2), maxMs: +s.maxMs.toFixed(2) });
  const figures = {
    resources: items.length,
    picker: round(ours),
    linearSubstringBaseline: round(baseline),
    pickerVsBaseline: { p50: ratio(ours.p50Ms, baseline.p50Ms), p95: ratio(ours.p95Ms, baseline.p95Ms), max: ratio(ours.maxMs, baseline.maxMs) },
    target: ours.p95Ms <= 16 ? 'met' : 'missed'
  };
  console.log(JSON.stringify(figures, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
