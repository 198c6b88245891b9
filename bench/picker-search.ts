// Search half of the picker benchmark: keystroke-to-results latency of the picker's search (uFuzzy with
// narrowing, tiers, active sort and annotation filters: exactly what the picker runs per keystroke) against
// a linear substring filter over the same fields, on the same items, typing the same queries.
import type { ResourceItem } from '../shared/contract';
import { buildColumns } from '../shared/picker/columns';
import { applyAnnotationFilter, defaultAnnotationFilter } from '../shared/picker/filters';
import { SearchSession } from '../shared/picker/search';
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
  // Baseline: what a picker without an index would do on each keystroke.
  const baseline = time(rounds, q => {
    const needle = q.toLowerCase();
    let n = 0;
    for (const i of items) {
      const line = `${i.name} ${i.title ?? ''} ${i.uri} ${i.description ?? ''} ${i.mimeType ?? ''}`.toLowerCase();
      if (line.includes(needle)) n++;
    }
    return n;
  });
  return { ours: summarize(ours.samples), baseline: summarize(baseline.samples) };
}
