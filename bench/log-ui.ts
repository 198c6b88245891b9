// UI half of the protocol-log benchmark: browser mode with a flood server configured, the protocol-log
// panel open in Chromium, and the page's frame times, main-thread lag, long tasks and the latency of
// a filter change sampled in a baseline window and then in the flood window of the same run.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { launchBridge } from '../e2e/fixtures/bridge-process';
import { TSX_LOADER } from '../test-support/paths';
import { ensureBuilt } from '../scripts/ensure-built.mjs';

export interface UiPhase {
  phase: string;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  lagP95Ms: number;
  lagMaxMs: number;
  longTasks: number;
  longTaskMs: number;
  filterLatencyMs: number;
  rendererHeapMb: number;
  engineRssMb: number;
  logShown: string;
}

interface PageSamples {
  frames: number[];
  lags: number[];
  longTasks: number[];
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Frame, lag and long-task samplers for the page; each phase reads and resets them. Kept as plain
 * JavaScript text: tsx compiles functions passed to page.evaluate with helpers the page does not have.
 */
const SAMPLER = `(() => {
  const samples = { frames: [], lags: [], longTasks: [] };
  let last = performance.now();
  let running = true;
  const onFrame = now => {
    samples.frames.push(now - last);
    last = now;
    if (running) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  const LAG_INTERVAL = 50;
  let expected = performance.now() + LAG_INTERVAL;
  const lag = setInterval(() => {
    const now = performance.now();
    samples.lags.push(Math.max(0, now - expected));
    expected = now + LAG_INTERVAL;
  }, LAG_INTERVAL);
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) samples.longTasks.push(entry.duration);
  });
  observer.observe({ entryTypes: ['longtask'] });
  window.__logBench = { samples, stop: () => { running = false; clearInterval(lag); observer.disconnect(); } };
})()`;

async function startSampling(page: Page): Promise<void> {
  await page.evaluate(SAMPLER);
}

async function takeSamples(page: Page): Promise<PageSamples> {
  return page.evaluate(
    `(() => { const s = window.__logBench.samples; return { frames: s.frames.splice(0), lags: s.lags.splice(0), longTasks: s.longTasks.splice(0) }; })()`
  ) as Promise<PageSamples>;
}

/** Time from choosing a direction filter to the list showing only matching rows, and back. */
async function filterLatency(page: Page): Promise<number> {
  const started = Date.now();
  await page.getByTestId('log-filter-direction').selectOption('out');
  await page.locator('[data-testid="protocol-entry"]:not([data-direction="out"])').first().waitFor({ state: 'detached' });
  await page.getByTestId('log-filter-direction').selectOption('');
  await page.locator('[data-testid="protocol-entry"][data-direction="in"]').first().waitFor();
  return Date.now() - started;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

async function phase(page: Page, name: string, seconds: number, enginePid: number | undefined): Promise<UiPhase> {
  await takeSamples(page);
  await page.waitForTimeout((seconds * 1000) / 2);
  const latency = await filterLatency(page);
  await page.waitForTimeout((seconds * 1000) / 2);
  const samples = await takeSamples(page);
  const heap = (await page.evaluate('performance.memory ? performance.memory.usedJSHeapSize : 0')) as number;
  const shown = await page.getByTestId('log-count').textContent();
  const dropped = await page.getByTestId('log-dropped').getAttribute('data-dropped');
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    phase: name,
    frames: samples.frames.length,
    frameP50Ms: round(percentile(samples.frames, 50)),
    frameP95Ms: round(percentile(samples.frames, 95)),
    frameMaxMs: round(Math.max(0, ...samples.frames)),
    lagP95Ms: round(percentile(samples.lags, 95)),
    lagMaxMs: round(Math.max(0, ...samples.lags)),
    longTasks: samples.longTasks.length,
    longTaskMs: Math.round(samples.longTasks.reduce((a, b) => a + b, 0)),
    filterLatencyMs: latency,
    rendererHeapMb: Math.round(heap / 1024 / 1024),
    engineRssMb: rssMb(enginePid),
    logShown: `${shown ?? ''}${dropped && dropped !== '0' ? `, ${dropped} dropped` : ''}`
  };
}

export async function runUiBench(options: { rate: number; seconds: number }): Promise<UiPhase[]> {
  await ensureBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mcpb-logbench-'));
  const trigger = path.join(dataDir, 'start-flood');
  const configPath = path.join(dataDir, 'config.json');
  const flood = {
    command: process.execPath,
    args: ['--import', TSX_LOADER, path.resolve('bench/log-flood-server.ts'), '--rate', String(options.rate), '--seconds', String(options.seconds), '--start-when-file', trigger]
  };
  await writeFile(configPath, JSON.stringify({ mcpServers: { flood } }));
  const bridge = await launchBridge({ configPath, dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(bridge.url);
    await page.locator('[data-panel-id="protocol-log"]').click();
    // The handshake with the flood server is in the log once it is connected.
    await page.locator('[data-testid="protocol-entry"][data-method="initialize"]').first().waitFor({ timeout: 30_000 });
    await startSampling(page);
    const results = [await phase(page, 'baseline (no flood)', options.seconds, bridge.child.pid)];
    await writeFile(trigger, '');
    results.push(await phase(page, `flood ${options.rate}/s`, options.seconds, bridge.child.pid));
    await page.evaluate('window.__logBench.stop()');
    return results;
  } finally {
    await browser.close();
    await bridge.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function uiTable(phases: UiPhase[]): string {
  const head =
    '| phase | frames | frame p50 / p95 / max (ms) | main-thread lag p95 / max (ms) | long tasks (n, total ms) | filter change (ms) | renderer heap (MB) | engine RSS (MB) | log shows |';
  const rows = phases.map(
    p =>
      `| ${p.phase} | ${p.frames} | ${p.frameP50Ms} / ${p.frameP95Ms} / ${p.frameMaxMs} | ${p.lagP95Ms} / ${p.lagMaxMs} | ${p.longTasks}, ${p.longTaskMs} | ${p.filterLatencyMs} | ${p.rendererHeapMb} | ${p.engineRssMb} | ${p.logShown} |`
  );
  return [head, '|---|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}
