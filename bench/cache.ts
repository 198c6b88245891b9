// Cache benchmark: `npx tsx bench/cache.ts [--resources 200] [--rounds 1]`.
// A picker session against the bundled reference server over real stdio: list the catalog, open N
// resources, then revisit them. Run twice in one process, with the engine's cache (`cacheMode: 'use'`)
// and without it (`'bypass'`: same code path, nothing read from or written to the cache). Reports read
// latency and wire requests for each, and cached/uncached ratios. Requests are counted on the wire by
// the protocol-log transport tap. Prints Markdown (paste into docs/cache.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { CacheMode } from '../shared/contract';
import { createCache } from '../electron/engine/cache';
import { EventBus } from '../electron/engine/event-bus';
import { tapTransport } from '../electron/engine/protocol-log/tap';

const { values } = parseArgs({ options: { resources: { type: 'string', default: '200' } } });
const count = Number(values.resources);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'reference-server', 'main.ts');
if (!existsSync(serverEntry)) throw new Error(`The reference server (${serverEntry}) is needed for this benchmark`);
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface Phase {
  latencies: number[];
  requests: number;
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
  const raw = new StdioClientTransport({
    command: process.execPath,
    args: [tsxCli, serverEntry, '--transport', 'stdio', '--resources', String(Math.max(count, 50))],
    env: getDefaultEnvironment(),
    cwd: root,
    stderr: 'ignore'
  });
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
    const latencies: number[] = [];
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      await run();
      latencies.push(performance.now() - t0);
    }
    return { latencies, requests: requests - before };
  };
  // The picker's first listing (walked page by page, as the engine does).
  const list = await phase(async () => {
    let cursor: string | undefined;
    do {
      const { value } = await cache.port.page('ref', 'resources/list', cursor, mode, () =>
        client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } })
      );
      cursor = value.nextCursor;
    } while (cursor !== undefined);
  }, 1);
  const uris = Array.from({ length: count }, (_, i) => `ref://catalog/${i}`);
  let next = 0;
  const readNext = async () => {
    const uri = uris[next++ % uris.length];
    await cache.port.track('ref', 'resources/read', uri, mode, () => client.readResource({ uri }, { cacheMode: mode }));
  };
  const open = await phase(readNext, count);
  const revisit = await phase(readNext, count);
  await client.close();
  return { mode, list, open, revisit };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const ms = (x: number) => x.toFixed(x < 1 ? 3 : 2);
const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '—' : '∞') : (a / b).toFixed(a / b < 0.01 ? 4 : 3));

// Warm-up (module loading, JIT, process start) so neither measured run pays for going first.
await runSession('bypass');
const uncached = await runSession('bypass');
const cached = await runSession('use');

const row = (label: string, s: Session, p: Phase) =>
  `| ${label} | ${s.mode === 'use' ? 'cached' : 'uncached'} | ${p.requests} | ${ms(sum(p.latencies) / p.latencies.length)} | ${ms(percentile(p.latencies, 50))} | ${ms(percentile(p.latencies, 95))} | ${ms(sum(p.latencies))} |`;
console.log(`# Cache: picker session, ${count} resources opened then revisited (reference server, stdio)\n`);
console.log('| phase | run | wire requests | mean read (ms) | p50 (ms) | p95 (ms) | phase total (ms) |');
console.log('|---|---|---|---|---|---|---|');
for (const [label, key] of [['list', 'list'], ['open', 'open'], ['revisit', 'revisit']] as const) {
  console.log(row(label, uncached, uncached[key]));
  console.log(row(label, cached, cached[key]));
}
const total = (s: Session) => ({ requests: s.list.requests + s.open.requests + s.revisit.requests, ms: sum([...s.list.latencies, ...s.open.latencies, ...s.revisit.latencies]) });
console.log('\n| ratio cached / uncached | wire requests | time |');
console.log('|---|---|---|');
console.log(`| revisit phase | ${ratio(cached.revisit.requests, uncached.revisit.requests)} | ${ratio(sum(cached.revisit.latencies), sum(uncached.revisit.latencies))} |`);
console.log(`| whole session | ${ratio(total(cached).requests, total(uncached).requests)} | ${ratio(total(cached).ms, total(uncached).ms)} |`);
