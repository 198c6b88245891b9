// The reference server over real Streamable HTTP, driven by the real SDK client on both eras: a 2026-07-28
// client negotiating with `auto`, and a 2025-11-25 client (initialize handshake, sessionful transport).
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCacheHints, checkCompletion, checkErrors, checkInputRequired, checkLargeBlob, checkListing, checkNotifications,
  checkReadKinds, checkSandbox, checkTemplates, checkTools
} from '../test-support/reference-server/scenarios';
import { LARGE_BLOB_BYTES } from './showcase';
import { connectHttp, type ClientEra } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';

const CATALOG = 500;
const PAGE = 40;
const TEMPLATE_PAGE = 4;
const SLOW_MS = 4000;
let server: HttpReferenceServer;

beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', String(CATALOG), '--page-size', String(PAGE), '--template-page-size', String(TEMPLATE_PAGE),
    '--update-interval-ms', '150', '--slow-ms', String(SLOW_MS)]);
});
afterAll(async () => {
  await server?.stop();
});

describe.each<ClientEra>(['modern', 'legacy'])('over HTTP, %s client', era => {
  let client: Client;
  beforeAll(async () => {
    client = await connectHttp(server.url, era);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the expected era', () => {
    expect(client.getProtocolEra()).toBe(era);
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });
  });
  it('lists every resource across opaque, validated pages', () => checkListing(client, era, CATALOG, PAGE));
  it('reads every kind of content', () => checkReadKinds(client));
  it('serves a 5 MB blob', () => checkLargeBlob(client, LARGE_BLOB_BYTES));
  it('stamps varied cache hints on modern results only', () => checkCacheHints(client, era));
  it('expands, completes and reads every template', () => checkTemplates(client, TEMPLATE_PAGE));
  it('completes arguments with limits and context', () => checkCompletion(client));
  it('serves the file sandbox and refuses traversal', () => checkSandbox(client));
  it('asks for input before reading (form, two rounds, URL mode, decline, cancel)', () => checkInputRequired(client));
  it('answers errors with the spec codes, and slow reads time out or cancel', () => checkErrors(client, SLOW_MS));
  it('delivers resource updates and list_changed', () => checkNotifications(client, era));
});

describe('the test-driving tools', () => {
  // A server whose first tick is an hour away, so only the tools change anything (see checkTools).
  let quiet: HttpReferenceServer;
  beforeAll(async () => {
    quiet = await HttpReferenceServer.start(['--resources', '10', '--update-interval-ms', '3600000']);
  });
  afterAll(async () => {
    await quiet?.stop();
  });
  it.each<ClientEra>(['modern', 'legacy'])('touch_resource, bump_counter and set_ephemeral do what they say (%s client)', async era => {
    const client = await connectHttp(quiet.url, era);
    try {
      await checkTools(client, era);
    } finally {
      await client.close();
    }
  });
});

describe('connections', () => {
  it('keeps idle connections open for 65 s, so a busy client does not send on one the server is closing', async () => {
    // Node's default (5 s) made a slow client's next request meet a closing socket ("other side closed").
    const res = await fetch(server.url.replace(/\/mcp$/, '/not-mcp'));
    await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });
});
