import { test } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBridge } from './fixtures/bridge-process';
import { referenceServerEntry } from './fixtures/reference-servers';

test('throwaway: warm start frames', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zz-warm-'));
  const configPath = path.join(dataDir, 'config.json');
  const mcpServers = Object.fromEntries([0, 1, 2].map(k => [`ref0${k}`, referenceServerEntry(['--resources', '2000', '--page-size', '500', '--seed', String(k + 1), '--update-interval-ms', '3600000'])]));
  await writeFile(configPath, JSON.stringify({ mcpServers }));
  let bridge = await launchBridge({ configPath, dataDir });
  await page.goto(bridge.url);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="resource-list"]')?.getAttribute('data-loaded')) >= 6000 && document.querySelectorAll('[data-testid="server-item"][data-status="connected"]').length === 3);
  await page.waitForTimeout(1500);
  await page.goto('about:blank');
  await bridge.stop();
  bridge = await launchBridge({ configPath, dataDir });
  const log: string[] = [];
  page.on('websocket', ws => {
    ws.on('framesent', f => { const s = String(f.payload); log.push('> ' + s.slice(0, 160)); });
    ws.on('framereceived', f => { const s = String(f.payload); log.push('< ' + s.slice(0, 200) + ` (${s.length})`); });
  });
  await page.goto(bridge.url);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="server-item"][data-status="connected"]').length === 3 && !document.querySelector('[data-stale-list="true"]'));
  await page.waitForTimeout(2000);
  console.log(log.filter(l => /resources\.list|listProgress|lastKnown|"result"/.test(l)).join('\n'));
  await bridge.stop();
});
