// Annotations as sent, on both eras and both wires: several templates carry audience, priority and an ISO 8601
// lastModified; sample reads carry annotations on their content (outside the ResourceContents schema, so the
// SDK client drops them and only the wire shows them); and with --invalid-annotations three resources are
// listed with invalid annotations, which the SDK server sends untouched and the SDK client refuses.
import { Client, SdkError, StreamableHTTPClientTransport, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, stdioTransport, type ClientEra } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { INVALID_ANNOTATION_URIS } from './invalid-annotations';

type Frame = { id?: unknown; result?: Record<string, unknown> };

/** Records every message the client receives, as it came off the wire (before the SDK's schemas). */
function recording<T extends Transport>(transport: T): { transport: T; frames: Frame[] } {
  const frames: Frame[] = [];
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (h: Transport['onmessage']) => {
      handler = h && ((m: JSONRPCMessage, extra) => {
        frames.push(structuredClone(m) as Frame);
        h(m, extra);
      });
    }
  });
  return { transport, frames };
}

type Wire = 'http' | 'stdio';
async function connect(wire: Wire, era: ClientEra, url: string, args: string[]): Promise<{ client: Client; frames: Frame[] }> {
  const client = newClient(era, wire === 'stdio' && era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  const raw = wire === 'http' ? new StreamableHTTPClientTransport(new URL(url)) : stdioTransport(args);
  const { transport, frames } = recording(raw);
  await client.connect(transport);
  if (wire === 'stdio') (raw as ReturnType<typeof stdioTransport>).stderr?.on('data', () => undefined);
  return { client, frames };
}

/** The raw result of the last response that has `key` in its result. */
const lastResultWith = (frames: Frame[], key: string) => [...frames].reverse().find(f => f.result && key in f.result)?.result;

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const servers: HttpReferenceServer[] = [];
let plain: HttpReferenceServer;
let invalid: HttpReferenceServer;
const PLAIN_ARGS = ['--resources', '5'];
const INVALID_ARGS = ['--resources', '5', '--page-size', '100', '--invalid-annotations'];

beforeAll(async () => {
  [plain, invalid] = await Promise.all([HttpReferenceServer.start(PLAIN_ARGS), HttpReferenceServer.start(INVALID_ARGS)]);
  servers.push(plain, invalid);
});
afterAll(async () => {
  await Promise.all(servers.map(s => s.stop()));
});

describe.each<[Wire, ClientEra]>([['http', 'modern'], ['http', 'legacy'], ['stdio', 'modern'], ['stdio', 'legacy']])('annotations over %s, %s client', (wire, era) => {
  it('on templates and on the content of sample reads', async () => {
    const { client, frames } = await connect(wire, era, plain.url, PLAIN_ARGS);
    try {
      const { resourceTemplates } = await client.listResourceTemplates({}, { cacheMode: 'bypass' });
      const full = resourceTemplates.filter(t => t.annotations?.audience?.length && t.annotations.priority !== undefined && t.annotations.lastModified);
      expect(full.map(t => t.uriTemplate).sort()).toEqual(['ref://catalog/{index}', 'ref://docs/{+path}', 'ref://search{?q,limit}', 'ref://users/{org}/{user}/profile']);
      for (const t of full) expect(t.annotations!.lastModified).toMatch(ISO_8601);

      const listed = (await client.listResources({}, { cacheMode: 'bypass' })).resources;
      expect(listed.some(r => r.uri.startsWith('ref://annotations/'))).toBe(false);
      const guide = listed.find(r => r.uri === 'ref://samples/guide.md')!;
      expect(guide.annotations).toMatchObject({ audience: expect.any(Array), lastModified: expect.stringMatching(ISO_8601) });
      const read = await client.readResource({ uri: 'ref://samples/guide.md' }, { cacheMode: 'bypass' });
      // On the wire, the content carries the resource's annotations; the SDK client's schema drops the field.
      const wireContents = lastResultWith(frames, 'contents')!.contents as Array<Record<string, unknown>>;
      expect(wireContents[0]).toMatchObject({ uri: 'ref://samples/guide.md', annotations: guide.annotations });
      expect(read.contents[0]).not.toHaveProperty('annotations');
    } finally {
      await client.close();
    }
  });

  it('with --invalid-annotations: sent untouched, refused by the SDK client', async () => {
    const { client, frames } = await connect(wire, era, invalid.url, INVALID_ARGS);
    try {
      const refused = await client.listResources({}, { cacheMode: 'bypass' }).then(() => undefined, (e: unknown) => e);
      expect(refused).toBeInstanceOf(SdkError);
      expect((refused as Error).message).toMatch(/Invalid result for resources\/list/);
      const page = lastResultWith(frames, 'resources')!.resources as Array<{ uri: string; annotations?: unknown }>;
      const byUri = new Map(page.map(r => [r.uri, r.annotations]));
      expect(byUri.get(INVALID_ANNOTATION_URIS.priorityOutOfRange)).toEqual({ audience: ['user'], priority: 7 });
      expect(byUri.get(INVALID_ANNOTATION_URIS.priorityWrongType)).toEqual({ audience: ['user'], priority: 'high' });
      expect(byUri.get(INVALID_ANNOTATION_URIS.badDate)).toEqual({ audience: ['assistant'], lastModified: 'yesterday' });
      for (const uri of Object.values(INVALID_ANNOTATION_URIS)) {
        expect(((await client.readResource({ uri })).contents[0] as { text: string }).text).toContain('invalid annotations');
      }
    } finally {
      await client.close();
    }
  });
});
