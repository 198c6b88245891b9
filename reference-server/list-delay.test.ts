// --list-delay-ms makes every resources/list page slow, so e2e tests can act while a listing is still running
// (fast pages on a fast machine finish before a click lands). Only a lower bound is checked: load never shortens it.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAllResources } from '../test-support/reference-server/scenarios';
import { connectHttp } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';

const DELAY_MS = 300;
let server: HttpReferenceServer;
let client: Client;

beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', '10', '--page-size', '40', '--list-delay-ms', String(DELAY_MS)]);
  client = await connectHttp(server.url, 'modern');
}, 60_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

it('answers each resources/list page only after the delay', async () => {
  const t0 = performance.now();
  const { resources, pages } = await listAllResources(client);
  expect(pages).toBeGreaterThanOrEqual(2);
  expect(performance.now() - t0).toBeGreaterThanOrEqual(pages * DELAY_MS - 5);
  expect(resources.filter(r => r.uri.startsWith('ref://catalog/'))).toHaveLength(10);
});
