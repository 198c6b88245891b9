// Cache benchmark: `npx tsx bench/cache.ts [--resources 200] [--rounds 3]`.
// A picker session against the bundled reference server over real stdio: list the catalog, open N
// resources, then revisit them. Run with the engine's cache (`cacheMode: 'use'`) and without it
// (`'bypass'`: same code path, nothing read from or written to the cache), `rounds` times each in one
// process, alternating which goes first (a loaded machine drifts). Reports wire requests (identical in
// every round, or the run fails), read latency over all rounds, the median phase time, and the
// cached/uncached ratios. Requests are counted on the wire by the protocol-log transport tap. Prints
// Markdown (paste into docs/cache.md).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import type { CacheMode } from '../shared/contract';
import { createCache } from '../electron/engine/cache';
import { EventBus } from '../electron/engine/event-bus';
import { referenceServerEntry } from '../electron/engine/config/default-server';
import { tapTransport } from '../electron/engine/protocol-log/tap';
import { stdioClientTransport } from '../test-support/reference-server/harness';

const { values } = parseArgs({ options: { resources: { type: 'string', default: '200' }, rounds: { type: 'string', default: '3' } } });
const count = Number(values.resources);
const rounds = Number(values.rounds);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(rounds) || rounds < 1) throw new Error('--resources and --rounds take positive integers');

interface Phase {
  latencies: number[];
  requests: number;
  /** CPU time of this (client) process during the phase, ms: less at the mercy of other load than wall time. */
  cpuMs: number;
}

interface Session {
  mode: CacheMode;
  list: Phase;
  open: Phase;
  revisit: Phase;
}

async function runSession(mode: CacheMode): Promise<Session> {
  const cache = createCache({ bus: new EventBus() });
  let requests = 0;
  const raw = stdioClientTransport(referenceServerEntry(['--resources', String(Math.max(count, 50))]), 'ignore');
  const transport = cache.port.guardTransport(
    tapTransport(raw, { listen: (direction, message) => void (direction === 'out' && 'method' in message && 'id' in message && requests++) })
  );
  const client = new Client(
    { name: 'cache-bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } }, responseCacheStore: cache.port.storeFor('ref'), cachePartition: cache.port.partitionFor('ref', '') }
  );
  await client.connect(transport);
  const phase = async (run: () => Promise<void>, times: number): Promise<Phase> => {
    const before = requests;
    const cpuBefore = process.cpuUsage();
    const latencies: number[] = [];
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      await run();
      latencies.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpuBefore);
    return { latencies, requests: requests - before, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  // The picker's listing, walked page by page as the engine does.
  const listAll = async (listMode: CacheMode) => {
    let cursor: string | undefined;
    do {
      const { value } = await cache.port.page('ref', 'resources/list', cursor, listMode, () =>
        client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } })
      );
      cursor = value.nextCursor;
    } while (cursor !== undefined);
  };
  // Unmeasured and uncached: the server generates its catalog lazily on its first listing (seconds of CPU
  // on a loaded machine), a one-off server cost that says nothing about the client's cache.
  await listAll('bypass');
  const wireBefore = requests;
  const list = await phase(() => listAll(mode), 1);
  const uris = Array.from({ length: count }, (_, i) => `ref://catalog/${i}`);
  let next = 0;
  const readNext = async () => {
    const uri = uris[next++ % uris.length];
    await cache.port.track('ref', 'resources/read', uri, mode, () => client.readResource({ uri }, { cacheMode: mode }));
  };
  const open = await phase(readNext, count);
  const revisit = await phase(readNext, count);
  if (requests - wireBefore !== list.requests + open.requests + revisit.requests) throw new Error('requests outside the measured phases');
  await client.close();
  return { mode, list, open, revisit };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const median = (xs: number[]) => percentile(xs, 50);
const ms = (x: number) => x.toFixed(x < 1 ? 3 : 2);
const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '—' : '∞') : (a / b).toFixed(a / b < 0.01 ? 4 : 3));
const countRatio = (a: number, b: number) => `${ratio(a, b)} (${a} / ${b})`;

// Warm-up (module loading, JIT) so neither measured run pays for going first.
await runSession('bypass');
const sessions: Record<CacheMode, Session[]> = { use: [], bypass: [], refresh: [] };
for (let round = 0; round < rounds; round++) {
  const order: CacheMode[] = round % 2 === 0 ? ['bypass', 'use'] : ['use', 'bypass'];
  for (const mode of order) sessions[mode].push(await runSession(mode));
}

type PhaseName = 'list' | 'open' | 'revisit';
const PHASES: PhaseName[] = ['list', 'open', 'revisit'];
/** Wire requests of a phase: the same in every round (the cache is deterministic), else the run is void. */
function requestsOf(mode: CacheMode, phase: PhaseName): number {
  const counts = new Set(sessions[mode].map(s => s[phase].requests));
  if (counts.size !== 1) throw new Error(`${mode} ${phase}: wire requests differ between rounds: ${[...counts].join(', ')}`);
  return [...counts][0];
}
const latencies = (mode: CacheMode, phase: PhaseName) => sessions[mode].flatMap(s => s[phase].latencies);
const phaseTime = (mode: CacheMode, phase: PhaseName) => median(sessions[mode].map(s => sum(s[phase].latencies)));
const sessionTime = (mode: CacheMode) => median(sessions[mode].map(s => sum(PHASES.map(p => sum(s[p].latencies)))));
const phaseCpu = (mode: CacheMode, phase: PhaseName) => median(sessions[mode].map(s => s[phase].cpuMs));

console.log(`# Cache: picker session, ${count} resources opened then revisited (reference server, stdio, ${rounds} rounds)\n`);
console.log('| phase | run | wire requests | mean read (ms) | p50 (ms) | p95 (ms) | median phase time (ms) | median client CPU (ms) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const phase of PHASES) {
  for (const mode of ['bypass', 'use'] as const) {
    const xs = latencies(mode, phase);
    console.log(`| ${phase} | ${mode === 'use' ? 'cached' : 'uncached'} | ${requestsOf(mode, phase)} | ${ms(sum(xs) / xs.length)} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 95))} | ${ms(phaseTime(mode, phase))} | ${ms(phaseCpu(mode, phase))} |`);
  }
}
const totalRequests = (mode: CacheMode) => sum(PHASES.map(p => requestsOf(mode, p)));
console.log('\n| ratio cached / uncached | wire requests | time | client CPU |');
console.log('|---|---|---|---|');
for (const phase of ['open', 'revisit'] as const) {
  console.log(`| ${phase} phase | ${countRatio(requestsOf('use', phase), requestsOf('bypass', phase))} | ${ratio(phaseTime('use', phase), phaseTime('bypass', phase))} | ${ratio(phaseCpu('use', phase), phaseCpu('bypass', phase))} |`);
}
console.log(`| revisit read, p50 | | ${ratio(percentile(latencies('use', 'revisit'), 50), percentile(latencies('bypass', 'revisit'), 50))} | |`);
const sessionCpu = (mode: CacheMode) => sum(PHASES.map(p => phaseCpu(mode, p)));
console.log(`| whole session | ${countRatio(totalRequests('use'), totalRequests('bypass'))} | ${ratio(sessionTime('use'), sessionTime('bypass'))} | ${ratio(sessionCpu('use'), sessionCpu('bypass'))} |`);
