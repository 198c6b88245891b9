// Repeated first launches of a fleet of stdio reference servers, each on an empty data dir, with the page in
// Chromium (`npx tsx bench/fleet-soak.ts [--servers 10] [--resources 1000] [--launches 20] [--deadline-s 60]`).
// Every launch must show every server connected and listed live. A launch that has not by the deadline prints
// what the page shows of each server (its sidebar state, its list's cache badge) and the engine's log, and the
// run exits 1. A soak, not a timing: it hunts a first launch that left a server unlisted, seen once in a bench
// run on 2026-12-04 and once on 2026-12-05, never reproduced since.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { referenceServerEntry } from '../electron/engine/config/default-server';
import { launchBridge } from '../e2e/fixtures/bridge-process';
import { ensureBuilt } from '../scripts/ensure-built.mjs';
import { argument } from './ab-apps';
import { BareChromium } from './bare-chromium';
import { runBench } from './run-bench';
import { followFleet } from './scale/fleet-page';
import { rawStdioFleet } from './scale/raw-stdio-fleet';

const SERVERS = Number(argument('--servers') ?? 10);
const RESOURCES = Number(argument('--resources') ?? 1_000);
const LAUNCHES = Number(argument('--launches') ?? 20);
const DEADLINE_MS = Number(argument('--deadline-s') ?? 60) * 1_000;

/** What the page shows of each server, read from the DOM (the test ids fleet-page.ts reads). */
const PAGE_VIEW = `(() => {
  const list = document.querySelector('[data-testid="resource-list"]');
  const badge = id => document.querySelector('.list-cache-badges li[data-server-id="' + id + '"]');
  return {
    loaded: list ? Number(list.dataset.loaded) : null,
    loading: list ? list.dataset.loading === 'true' : null,
    servers: [...document.querySelectorAll('[data-testid="server-item"]')].map(item => ({
      id: item.dataset.serverId,
      status: item.dataset.status,
      card: (item.textContent || '').replace(/\\s+/g, ' ').slice(0, 120),
      badge: badge(item.dataset.serverId)?.querySelector('[data-testid="cache-badge"]')?.dataset.cacheState ?? null
    }))
  };
})()`;

async function main(): Promise<void> {
  await ensureBuilt();
  const ids = Array.from({ length: SERVERS }, (_, k) => `ref${String(k).padStart(2, '0')}`);
  const args = (k: number) => ['--resources', String(RESOURCES), '--page-size', '500', '--seed', String(k + 1), '--update-interval-ms', '3600000'];
  const servers = Object.fromEntries(ids.map((id, k) => [id, referenceServerEntry(args(k))]));
  // The number of items the page must show: what the servers list, counted by a plain SDK client.
  const expected = Object.values((await rawStdioFleet(servers)).items).reduce((a, b) => a + b, 0);
  const browser = await BareChromium.launch();
  let missed = 0;
  try {
    for (let launch = 1; launch <= LAUNCHES; launch++) {
      const dir = await mkdtemp(path.join(tmpdir(), 'fleet-soak-'));
      const configPath = path.join(dir, 'config.json');
      await writeFile(configPath, JSON.stringify({ mcpServers: servers }));
      const bridge = await launchBridge({ configPath, dataDir: path.join(dir, 'data') });
      const page = await browser.newPage();
      try {
        const timeline = await followFleet(page, bridge.url, ids, expected, DEADLINE_MS);
        if (timeline.allListedMs !== undefined) {
          console.log(`launch ${launch}: all ${SERVERS} listed in ${(timeline.allListedMs / 1000).toFixed(1)} s`);
          continue;
        }
        missed++;
        console.log(`launch ${launch}: NOT all listed after ${DEADLINE_MS / 1000} s (${expected} items expected)`);
        console.log(`per server, ms from opening the page: ${JSON.stringify(timeline.servers)}`);
        console.log(`the page: ${JSON.stringify(await page.evaluate(PAGE_VIEW), null, 1)}`);
        console.log(`the engine's log (without the servers' own lines):\n${bridge.stderr().split('\n').filter(line => line.trim() && !line.includes('[reference-server]')).join('\n')}`);
      } finally {
        await page.close();
        await bridge.stop();
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${LAUNCHES - missed} of ${LAUNCHES} launches listed every server`);
  if (missed > 0) throw new Error(`${missed} of ${LAUNCHES} launches did not list every server (above)`);
}

runBench(main);
