// Annotations through the engine on both eras. Invalid values (a priority outside 0..1 or of the wrong type, a
// lastModified that is not ISO 8601, an audience with an unknown role) reach the page as invalid: left out of
// `annotations`, listed in `invalidAnnotations`, in the listing's result and its packed progress events alike,
// and the picker sorts such an item with the unannotated ones. On a 2026 server the SDK client alone would
// refuse the whole page; the annotation carrier (annotation-carrier.ts) keeps the listing whole. Read contents
// keep their annotations too, which the SDK's read schema would drop.
// Against the reference server (--invalid-annotations: ref://annotations/*; samples whose contents repeat their
// annotations), on both eras and transports; templates and audiences with invalid values, which the reference
// server does not serve, against a fixture server (its low-level list handlers send them as they are).
import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackResourceItems, type InvalidAnnotation, type ListResult, type LogPage, type ReadResult, type ResourceItem, type TemplateItem } from '../../../shared/contract';
import { buildColumns } from '../../../shared/picker/columns';
import { buildSortOrder } from '../../../shared/picker/sort';
import type { Engine } from '../engine';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { engineOnReference, eraMatrix } from '../../../test-support/engine/reference-eras';
import { startHttpFixture, type HttpFixture } from '../../../test-support/engine/http-fixture';

const fixtures: HttpFixture[] = [];
afterAll(async () => {
  await cleanup();
  await Promise.all(fixtures.map(f => f.close()));
});

const invalidOf = (items: (ResourceItem | TemplateItem)[], name: string): InvalidAnnotation[] | undefined => items.find(i => i.name === name)?.invalidAnnotations;

/** Lists the server through the engine, checking that the packed progress events carry exactly the result's items. */
async function listBoth(engine: Engine, serverId: string): Promise<ResourceItem[]> {
  const streamed: ResourceItem[] = [];
  const off = engine.bus.on('listProgress', e => e.serverId === serverId && streamed.push(...unpackResourceItems(e.serverId, e.items)));
  const { items } = (await engine.host.dispatch('resources.list', { serverId, cacheMode: 'bypass' })) as ListResult<ResourceItem>;
  off();
  expect(streamed).toEqual(items);
  return items;
}

describe.each(eraMatrix)('the reference server on the %s era over %s', { timeout: 90_000 }, (era, via) => {
  let engine: Engine;
  beforeAll(async () => {
    ({ engine } = await engineOnReference(era, via, ['--invalid-annotations', '--resources', '20', '--update-interval-ms', '86400000']));
  }, 90_000);

  it('lists the server whole, the invalid annotations reported per item and sorted with the unannotated ones', async () => {
    const items = await listBoth(engine, 'ref');
    const byName = (name: string) => items.find(i => i.name === name);
    // A priority of 7 is not "1": left out, the valid audience beside it kept.
    expect(byName('priority-out-of-range')).toMatchObject({ annotations: { audience: ['user'] }, invalidAnnotations: [{ field: 'priority', raw: '7' }] });
    expect(byName('priority-out-of-range')?.annotations?.priority).toBeUndefined();
    expect(byName('priority-wrong-type')).toMatchObject({ annotations: { audience: ['user'] }, invalidAnnotations: [{ field: 'priority', raw: 'high' }] });
    expect(byName('bad-date')).toMatchObject({ annotations: { audience: ['assistant'] }, invalidAnnotations: [{ field: 'lastModified', raw: 'yesterday' }] });
    expect(items.filter(i => i.invalidAnnotations).map(i => i.name).sort()).toEqual(['bad-date', 'priority-out-of-range', 'priority-wrong-type']);

    // Sorted by priority, the two with an invalid priority come after every item with a valid one.
    const columns = buildColumns(items);
    const { order } = buildSortOrder(columns, 'priority');
    const rank = new Map(Array.from(order, (item, position) => [item, position]));
    const lastValid = Math.max(...items.flatMap((item, i) => (item.annotations?.priority !== undefined ? [rank.get(i) ?? -1] : [])));
    for (const name of ['priority-out-of-range', 'priority-wrong-type']) expect(rank.get(items.findIndex(i => i.name === name))).toBeGreaterThan(lastValid);
    expect(columns.modified[items.findIndex(i => i.name === 'bad-date')]).toBeNaN();
  });

  it('keeps the annotations of read contents, which the SDK would drop', async () => {
    const items = await listBoth(engine, 'ref');
    const sample = items.find(i => i.uri.startsWith('ref://samples/') && i.annotations && !i.uri.includes('large') && !i.uri.endsWith('/folder'));
    expect(sample).toBeDefined();
    const read = (await engine.host.dispatch('resources.read', { serverId: 'ref', uri: sample!.uri, cacheMode: 'bypass' })) as ReadResult;
    expect(read.contents[0].annotations).toEqual(sample!.annotations);
    expect(read.contents[0].invalidAnnotations).toBeUndefined();
    // The protocol log shows the frame as it travelled: the annotations where the server put them.
    const log = (await engine.host.dispatch('log.query', { serverId: 'ref', method: 'resources/read', direction: 'in' })) as LogPage;
    const frame = log.entries.at(-1)?.message as { result?: { contents?: { annotations?: unknown; _meta?: Record<string, unknown> }[] } };
    expect(frame.result?.contents?.[0].annotations).toEqual(sample!.annotations);
    expect(frame.result?.contents?.[0]._meta).toBeUndefined();
  });
});

const TEMPLATES = [
  { uriTemplate: 'x://t/{id}', name: 'good-template', annotations: { priority: 1 } },
  { uriTemplate: 'x://u/{id}', name: 'bad-template', annotations: { priority: -0.5, lastModified: '2026-02-30' } }
];
const RESOURCES = [
  { uri: 'x://bad-audience', name: 'bad-audience', annotations: { audience: ['user', 'robot'] } },
  { uri: 'x://day', name: 'day', annotations: { lastModified: '2026-05-01' } }
];

function fixtureServer(): McpServer {
  const mcp = new McpServer({ name: 'annotations-fixture', version: '1.0.0' }, { capabilities: { resources: {} } });
  mcp.server.setRequestHandler('resources/list', () => ({ resources: RESOURCES }) as never);
  mcp.server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: TEMPLATES }) as never);
  return mcp;
}

describe.each(['modern', 'legacy'] as const)('a fixture server on the %s era', { timeout: 60_000 }, era => {
  it('reports invalid template annotations and audience roles, and takes a calendar date as ISO 8601', async () => {
    const fixture = await startHttpFixture(fixtureServer, { era });
    fixtures.push(fixture);
    const engine = await engineWith({ f: { type: 'http', url: fixture.url } });
    expect(await statusOf(engine, 'f', 'connected', 30_000)).toMatchObject({ era });

    const items = await listBoth(engine, 'f');
    expect(items.find(i => i.name === 'bad-audience')).toMatchObject({ annotations: { audience: ['user'] }, invalidAnnotations: [{ field: 'audience', raw: '["user","robot"]' }] });
    // The SDK's own schema wants a date-time; ISO 8601 (and the spec) allow a date.
    expect(items.find(i => i.name === 'day')).toEqual({ serverId: 'f', uri: 'x://day', name: 'day', annotations: { lastModified: '2026-05-01' } });

    const templates = (await engine.host.dispatch('templates.list', { serverId: 'f', cacheMode: 'bypass' })) as ListResult<TemplateItem>;
    expect(templates.items.find(t => t.name === 'good-template')).toMatchObject({ annotations: { priority: 1 } });
    expect(invalidOf(templates.items, 'good-template')).toBeUndefined();
    expect(templates.items.find(t => t.name === 'bad-template')?.annotations).toBeUndefined();
    expect(invalidOf(templates.items, 'bad-template')).toEqual([
      { field: 'priority', raw: '-0.5' },
      { field: 'lastModified', raw: '2026-02-30' }
    ]);
  });
});
