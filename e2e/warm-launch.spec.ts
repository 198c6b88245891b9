// A second launch on the first one's data dir, as a user's next start is: every server's last known list is on
// screen (marked stale) before any server has connected, and those lists are listed again only once every server of
// the launch has had its first attempt at connecting (electron/engine/connections/launch-settled.ts), while a server
// that has no last known list lists as soon as it is connected. Both launches are browser mode as `npm run web`
// starts it, on one data dir the test owns.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ServerConfigEntry } from '../shared/contract';
import { test, expect } from './fixtures/app';
import { launchBridge } from './fixtures/bridge-process';
import { referenceServerEntry, STEADY_ARGS } from './fixtures/reference-servers';

test.describe.configure({ timeout: 120_000 });

/**
 * More local servers with a last known list than boot at once (one per core): on a warm start the engine then holds
 * them all until the page has drawn its first screen, so none is connected when the page opens (one that is, is
 * listed at once, and this test could not tell the two apart).
 */
const KNOWN = availableParallelism() + 1;
const known = Array.from({ length: KNOWN }, (_, k) => `known${k}`);
const entry = (seed: number) => referenceServerEntry([...STEADY_ARGS, '--resources', '30', '--seed', String(seed)]);
/** Boots 8 s late: its first attempt holds its start slot for the engine's 5 s (`start.slotMs`), so the launch settles then. */
function slowStarter(seed: number): ServerConfigEntry {
  const server = entry(seed);
  if (!('command' in server)) throw new Error('the reference server entry is a stdio one');
  return { command: 'sh', args: ['-c', 'sleep 8; exec "$0" "$@"', server.command, ...(server.args ?? [])] };
}

const serverItem = (page: Page, id: string) => page.locator(`[data-testid="server-item"][data-server-id="${id}"]`);
const staleLists = (page: Page) => page.locator('.list-cache-badges li[data-stale-list="true"]');

interface Frame {
  seq: number;
  method?: string;
  serverId?: string;
}

/** The page's calls to the engine and the replies to them, in the order they crossed its socket. */
function followCalls(page: Page) {
  let seq = 0;
  const calls: (Frame & { id: number })[] = [];
  const replies = new Map<number, number>();
  page.on('websocket', socket => {
    socket.on('framesent', frame => {
      const message = JSON.parse(String(frame.payload)) as { type?: string; id?: number; method?: string; params?: { serverId?: string } };
      if (message.type === 'call' && message.id !== undefined) calls.push({ seq: seq++, id: message.id, method: message.method, serverId: message.params?.serverId });
    });
    socket.on('framereceived', frame => {
      const message = JSON.parse(String(frame.payload)) as { type?: string; id?: number };
      if (message.type === 'reply' && message.id !== undefined) replies.set(message.id, seq++);
    });
  });
  return {
    lists: () => calls.filter(c => c.method === 'resources.list'),
    /** When the answer to `app.launchSettled` came (its place in the sequence), if it has. */
    settledAt: () => {
      const call = calls.find(c => c.method === 'app.launchSettled');
      return call && replies.get(call.id);
    }
  };
}

test('a second launch lists the last known lists again once every server has had its first attempt', async ({ page }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'mcpb-warm-launch-'));
  try {
    const configPath = path.join(dir, 'config.json');
    const dataDir = path.join(dir, 'data');
    const servers = (extra: Record<string, ServerConfigEntry>) =>
      writeFile(configPath, JSON.stringify({ mcpServers: { ...Object.fromEntries(known.map((id, k) => [id, entry(k + 1)])), ...extra } }));

    await test.step('a first launch lists every server, and keeps the lists when it closes', async () => {
      await servers({});
      const first = await launchBridge({ configPath, dataDir });
      try {
        await page.goto(first.url);
        for (const id of known) {
          await expect(serverItem(page, id)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
          await expect(page.locator(`.list-cache-badges li[data-server-id="${id}"] [data-testid="cache-badge"]`)).toHaveAttribute('data-cache-state', /^(fresh|miss)$/);
        }
      } finally {
        await first.stop();
      }
    });

    // The second launch adds a server with no last known list (it lists once connected) and one that boots late.
    await servers({ fresh: entry(KNOWN + 1), slow: slowStarter(KNOWN + 2) });
    const followed = followCalls(page);
    const second = await launchBridge({ configPath, dataDir });
    try {
      await page.goto(second.url);
      await test.step('the last known lists are on screen, marked stale, before any server is connected', async () => {
        await expect(staleLists(page)).toHaveCount(KNOWN);
      });
      await test.step('every quick server connects; the last known lists wait for the slow one, the new server lists at once', async () => {
        for (const id of [...known, 'fresh']) await expect(serverItem(page, id)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
        await expect.poll(() => followed.lists().map(c => c.serverId)).toEqual(['fresh']);
        // The slow server is still in its first attempt (its slot is held for 5 s after its start): nothing is
        // listed again yet, and the lists on screen are still the last known ones.
        await expect(serverItem(page, 'slow')).not.toHaveAttribute('data-status', 'connected');
        expect(followed.settledAt()).toBeUndefined();
        expect(followed.lists().map(c => c.serverId)).toEqual(['fresh']);
        await expect(staleLists(page)).toHaveCount(KNOWN);
        // Each says why it is not listed again yet.
        await expect(page.locator('.list-cache-badges li[data-awaits-launch="true"]')).toHaveCount(KNOWN);
      });
      await test.step('once the launch has settled, each last known list is listed again and replaced by the live one', async () => {
        await expect(staleLists(page)).toHaveCount(0, { timeout: 30_000 });
        await expect(page.locator('.list-cache-badges li[data-awaits-launch="true"]')).toHaveCount(0);
        const settledAt = followed.settledAt();
        expect(settledAt).toBeDefined();
        const relisted = followed.lists().filter(c => c.serverId !== 'fresh');
        expect(relisted.map(c => c.serverId).sort()).toEqual([...known].sort());
        for (const call of relisted) expect(call.seq).toBeGreaterThan(settledAt ?? Infinity);
        for (const id of known) {
          await expect(page.locator(`.list-cache-badges li[data-server-id="${id}"] [data-testid="cache-badge"]`)).toHaveAttribute('data-cache-state', /^(fresh|miss)$/);
        }
      });
    } finally {
      await second.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
