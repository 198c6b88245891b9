// Scale benchmark (`npx tsx bench/scale.ts [--sizes 10k,100k,1M] [--cases listing,search,memory] [--rounds N]`, or
// `npm run bench:scale`): runs each case module of bench/scale/ at each size, each with its raw-SDK baseline
// measured in the same run where it has one, and prints one Markdown table (for the README) and writes the
// rows as JSON to bench/results/. Cases that share a measured run (listing, memory and search all come from
// one picker run per size) measure it once. A million resources take minutes and GBs: keep one run at a time.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as listing from './scale/listing';
import * as live from './scale/live';
import * as memory from './scale/memory';
import * as search from './scale/search';
import * as servers from './scale/servers';
import { markdownTable, sizeLabel, type ScaleOptions, type ScaleRow } from './scale/table';
import { runBench } from './run-bench';

interface ScaleCase {
  name: string;
  run(options: ScaleOptions): Promise<ScaleRow[]>;
}

/** In the order their rows are printed. */
const CASES: ScaleCase[] = [
  { name: 'listing', run: listing.run },
  { name: 'memory', run: memory.run },
  { name: 'search', run: search.run },
  // Sizes are total resources: 10k = 10 servers × 1,000, 100k = 50 × 2,000, 1M = 50 × 20,000 (servers.ts).
  { name: 'servers', run: options => servers.run({ sizes: options.sizes.map(sizeLabel) }) },
  // One rate (1,000 updates a second over 100 watched resources); the sizes do not apply.
  { name: 'live', run: () => live.run({}) }
];

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  if (!match) throw new Error(`--sizes: "${text}" is not a size like 10k, 100k or 1M`);
  const factor = { '': 1, k: 1_000, m: 1_000_000 }[match[2].toLowerCase() as '' | 'k' | 'm'];
  return Math.round(Number(match[1]) * factor);
}

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = process.argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

async function main(): Promise<void> {
  const sizes = argument('--sizes', '10k,100k,1M').split(',').map(parseSize);
  const roundsText = argument('--rounds', '');
  const rounds = roundsText === '' ? undefined : Number(roundsText);
  if (rounds !== undefined && !(Number.isInteger(rounds) && rounds > 0)) throw new Error(`--rounds: "${roundsText}" is not a positive whole number`);
  const wanted = argument('--cases', CASES.map(c => c.name).join(',')).split(',');
  const unknown = wanted.filter(name => !CASES.some(c => c.name === name));
  if (unknown.length) throw new Error(`--cases: no case ${unknown.join(', ')} (known: ${CASES.map(c => c.name).join(', ')})`);
  const loadAtStart = os.loadavg();
  const rows: ScaleRow[] = [];
  for (const c of CASES.filter(c => wanted.includes(c.name))) {
    console.error(`[scale] ${c.name} at ${sizes.join(', ')}…`);
    rows.push(...(await c.run({ sizes, rounds })));
  }
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
  const load = (averages: number[]) => averages.map(l => l.toFixed(2)).join(' ');
  const date = new Date().toISOString();
  console.log(`${markdownTable(rows)}\n\nMeasured ${date} on ${machine}; load average (1, 5, 15 min) ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end.`);
  const dir = path.join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `scale-${date.replaceAll(':', '-')}.json`);
  await writeFile(file, JSON.stringify({ date, machine, loadAverage: { start: loadAtStart, end: os.loadavg() }, sizes, rows }, null, 2));
  console.error(`[scale] rows written to ${file}`);
}

runBench(main);
