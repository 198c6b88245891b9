// Protocol-log benchmark: `npx tsx bench/log.ts [--seconds 10] [--rate 5000] [--skip-ui]`.
// 1. Engine: the same flood received without the log (baseline) and through the log at two caps.
// 2. UI (browser mode, Chromium): frame times and main-thread lag with the protocol-log panel open,
//    before the flood (baseline) and during it, in one run. Prints a Markdown table of each.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runFlood, type FloodRun } from './log-engine';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    'skip-ui': { type: 'boolean', default: false }
  }
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);

function engineTable(runs: FloodRun[]): string {
  const head = '| run | received | CPU ms | loop delay p50 / p99 / max (ms) | heap retained (MB) | log holds (MB) | log entries / dropped | event bytes serialised |';
  const rows = runs.map(
    r =>
      `| ${r.label} | ${r.received}/${r.expected} | ${r.cpuMs} | ${r.loopDelayP50Ms} / ${r.loopDelayP99Ms} / ${r.loopDelayMaxMs} | ${r.heapRetainedMb} | ${r.logHeldMb ?? '—'} | ${
        r.logEntries !== undefined ? `${r.logEntries} / ${r.logDropped}` : '—'
      } | ${r.eventBytesSerialised !== undefined ? `${(r.eventBytesSerialised / 1024 / 1024).toFixed(1)} MB` : '—'} |`
  );
  return [head, '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

// Other work on the machine skews every figure here; print it so the figures carry their context.
const load = () => loadavg().map(n => n.toFixed(1)).join(' / ');
console.log(`# Protocol log under ${rate} notifications/s for ${seconds} s\n`);
console.log(`${cpus().length} CPUs, load average (1/5/15 min) at start: ${load()}\n`);
console.log('## Engine (Node, real stdio)\n');
const runs: FloodRun[] = [];
// Warm-up (JIT, module loading) so the baseline is not penalised for going first.
await runFlood('warm-up', { rate, seconds: 1, logCap: 1_000 });
runs.push(await runFlood('baseline: no log', { rate, seconds }));
runs.push(await runFlood('log, cap 10,000', { rate, seconds, logCap: 10_000 }));
runs.push(await runFlood('log, cap 100,000', { rate, seconds, logCap: 100_000 }));
console.log(engineTable(runs));

if (!values['skip-ui']) {
  const { runUiBench, uiTable } = await import('./log-ui');
  console.log('\n## UI (browser mode, Chromium, protocol-log panel open)\n');
  console.log(uiTable(await runUiBench({ rate, seconds })));
}
console.log(`\nLoad average at the end: ${load()}`);
