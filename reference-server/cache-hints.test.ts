// Cache hints that match how often each result really changes (2026-07-28 only; 2025 results carry none, as
// http.test.ts checks). The resource list holds an item that comes and goes every 3 ticks and the sandbox's
// files, so its hint is one tick (capped at 5 minutes), the same on every page; templates, tools, prompts and
// discovery never change; each read has the hint docs/reference-server.md lists.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, connectStdio } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { EPHEMERAL_PERIOD_TICKS } from './live';

type Hinted = { ttlMs?: number; cacheScope?: string };
const hint = (r: unknown) => ({ ttlMs: (r as Hinted).ttlMs, cacheScope: (r as Hinted).cacheScope });

const INTERVAL_MS = 2000;
const PAGE = 20;
let server: HttpReferenceServer;
let client: Client;

beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', '7', '--page-size', String(PAGE), '--update-interval-ms', String(INTERVAL_MS)]);
  client = await connectHttp(server.url, 'modern');
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

describe('cache hints (2026-07-28)', () => {
  it('give resources/list one tick, below the ephemeral item\'s period, on every page', async () => {
    const hints: Hinted[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request({ method: 'resources/list', params: cursor ? { cursor } : {} });
      hints.push(hint(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(hints.length).toBeGreaterThan(1);
    for (const h of hints) expect(h).toEqual({ ttlMs: INTERVAL_MS, cacheScope: 'public' });
    expect(hints[0].ttlMs).toBeLessThan(EPHEMERAL_PERIOD_TICKS * INTERVAL_MS);
  });

  it('give what never changes a long public hint', async () => {
    const long = { ttlMs: 3_600_000, cacheScope: 'public' };
    expect(hint(await client.request({ method: 'resources/templates/list', params: {} }))).toEqual(long);
    expect(hint(await client.request({ method: 'tools/list', params: {} }))).toEqual(long);
    expect(hint(await client.request({ method: 'prompts/list', params: {} }))).toEqual(long);
    expect(hint(client.getDiscoverResult())).toEqual(long);
  });

  it('give each read the hint of its real rate of change', async () => {
    const expected: Array<[string, number, 'public' | 'private']> = [
      ['ref://samples/readme.txt', 300_000, 'public'],
      ['ref://samples/folder', 60_000, 'public'],
      ['ref://samples/folder/guide.md', 300_000, 'public'],
      ['ref://spec/2026-07-28', 3_600_000, 'public'],
      ['ref://live/clock', 0, 'private'],
      ['ref://cache/every-read', 10_000, 'public'],
      ['ref://catalog/0', 300_000, 'public'],
      ['ref://catalog/1', 60_000, 'public'],
      ['ref://catalog/2', 30_000, 'private'],
      ['ref://docs/index.md', 300_000, 'public'],
      ['ref://search?q=a&limit=5', 300_000, 'public'],
      ['ref://users/acme/grace.hopper/profile', 30_000, 'private'],
      ['test://template/7/data', 60_000, 'public'],
      ['test://static-text', 300_000, 'public'],
      ['test://watched-resource', 0, 'private'],
      // Files change on disk at any time.
      ['file:///notes/todo.txt', 5_000, 'private'],
      ['file:///notes/', 5_000, 'private']
    ];
    for (const [uri, ttlMs, cacheScope] of expected) {
      expect(hint(await client.readResource({ uri }, { cacheMode: 'bypass' })), uri).toEqual({ ttlMs, cacheScope });
    }
  });

  it('cap the list hint at 5 minutes when the ticks are slower (over stdio)', async () => {
    const { client: quiet, transport } = await connectStdio('modern', ['--resources', '5', '--update-interval-ms', '3600000']);
    transport.stderr?.on('data', () => undefined);
    try {
      expect(hint(await quiet.request({ method: 'resources/list', params: {} }))).toEqual({ ttlMs: 300_000, cacheScope: 'public' });
    } finally {
      await quiet.close();
    }
  });
});
