// 100,000 resources: the server starts quickly (content is generated lazily) and a client can walk every page.
// A big page size keeps the walk short; the client-side cursor walk is the one the app uses for big lists.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllResources } from '../test-support/reference-server/scenarios';
import { connectHttp, type ClientEra } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';

const RESOURCES = 100_000;
const PAGE = 5_000;
let server: HttpReferenceServer;
let startupMs = 0;

beforeAll(async () => {
  const t0 = performance.now();
  server = await HttpReferenceServer.start(['--resources', String(RESOURCES), '--page-size', String(PAGE)]);
  startupMs = performance.now() - t0;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe.each<ClientEra>(['modern', 'legacy'])('100,000 resources, %s client', era => {
  let client: Client;
  beforeAll(async () => {
    client = await connectHttp(server.url, era);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists every resource across pages', async () => {
    const t0 = performance.now();
    const { resources, pages } = await listAllResources(client);
    const ms = performance.now() - t0;
    process.stderr.write(`[scale] ${era}: startup ${startupMs.toFixed(0)} ms (spawn to listening), ${resources.length} resources in ${pages} pages, ${ms.toFixed(0)} ms\n`);
    expect(resources.filter(r => r.uri.startsWith('ref://catalog/'))).toHaveLength(RESOURCES);
    expect(pages).toBe(Math.ceil(resources.length / PAGE));
    // After the catalog come only the sandbox's files and, while present, the ephemeral item.
    const afterCatalog = resources.slice(resources.findLastIndex(r => r.uri.startsWith('ref://catalog/')) + 1).map(r => r.uri);
    expect(afterCatalog.filter(u => u !== 'ref://live/ephemeral').every(u => u.startsWith('file:///'))).toBe(true);
    expect(afterCatalog[0]).toBe('file:///');
    expect(new Set(resources.map(r => r.uri)).size).toBe(resources.length);
    const last = await client.readResource({ uri: `ref://catalog/${RESOURCES - 1}` });
    expect(last.contents).toHaveLength(1);
  }, 120_000);
});
