// Templates and completion through the engine against the real reference server, on both eras and both
// transports: every page of resources/templates/list, completion with context arguments and total/hasMore,
// and reading URIs expanded with the same RFC 6570 code the form uses; a sandbox refusal is invalid params,
// not "not found". A server without `completions` is refused before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionResult, ListResult, LogPage, ReadResult, TemplateItem } from '../../../shared/contract';
import { expandTemplate, parseTemplate, type TemplateValues } from '../../../shared/templates';
import type { Engine } from '../engine';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { engineOnReference, eraMatrix } from '../../../test-support/engine/reference-eras';
import { startSseFixture } from '../../../test-support/engine/sse-server';
import { usersOf } from '../../../reference-server/templates';

afterAll(cleanup);

const USER_PROFILE = 'ref://users/{org}/{user}/profile';
const DOCS = 'ref://docs/{+path}';
const SEARCH = 'ref://search{?q,limit}';
const CATALOG = 'ref://catalog/{index}';

function expand(template: string, values: TemplateValues): string {
  const expansion = expandTemplate(parseTemplate(template), values);
  if (!expansion.ok) throw new Error(JSON.stringify(expansion.problems));
  return expansion.uri;
}

describe.each(eraMatrix)('%s era over %s', (era, via) => {
  let engine: Engine;
  const complete = (uriTemplate: string, name: string, value: string, contextArguments?: Record<string, string>) =>
    engine.host.dispatch('completion.complete', { serverId: 'ref', uriTemplate, argument: { name, value }, ...(contextArguments && { contextArguments }) }) as Promise<CompletionResult>;
  const read = (uri: string) => engine.host.dispatch('resources.read', { serverId: 'ref', uri }) as Promise<ReadResult>;
  const text = (result: ReadResult) => (result.contents[0]?.kind === 'text' ? result.contents[0].text : '');

  beforeAll(async () => {
    // No live ticks: the ephemeral resource's list_changed would drop the cached template list mid-test.
    ({ engine } = await engineOnReference(era, via, ['--resources', '300', '--template-page-size', '2', '--update-interval-ms', '86400000']));
  }, 90_000);

  it('lists every page of templates', async () => {
    const list = (await engine.host.dispatch('templates.list', { serverId: 'ref' })) as ListResult<TemplateItem>;
    const templates = list.items.map(t => t.uriTemplate);
    expect(templates).toEqual([USER_PROFILE, DOCS, SEARCH, CATALOG, 'test://template/{id}/data', 'file:///{+path}']);
    expect(list.pages).toBe(3);
    expect(list.items[0]).toMatchObject({ serverId: 'ref', name: 'user-profile', title: 'User profile', mimeType: 'application/json' });
    const again = (await engine.host.dispatch('templates.list', { serverId: 'ref' })) as ListResult<TemplateItem>;
    expect(again.items.map(t => t.uriTemplate)).toEqual(templates);
    // Only 2026 servers send cache hints (one hour for template lists).
    expect(again.cache.state).toBe(era === 'modern' ? 'fresh' : 'miss');
  });

  it('completes arguments with the other filled arguments as context', async () => {
    await expect(complete(USER_PROFILE, 'org', 'g')).resolves.toEqual({ values: ['globex'], total: 1, hasMore: false });
    const acme = await complete(USER_PROFILE, 'user', 'ada', { org: 'acme' });
    const globex = await complete(USER_PROFILE, 'user', 'ada', { org: 'globex' });
    // The server orders users per organisation: the context really reached it.
    expect(acme.values).toEqual(usersOf('acme').filter(u => u.startsWith('ada')));
    expect(globex.values).toEqual(usersOf('globex').filter(u => u.startsWith('ada')));
    expect(acme.values).not.toEqual(globex.values);
    expect(acme).toMatchObject({ total: 10, hasMore: false });
    await expect(complete(USER_PROFILE, 'user', 'ada')).resolves.toMatchObject({ values: [], total: 0 });
  });

  it('reports total and hasMore when there are more values than one reply carries', async () => {
    const all = await complete(CATALOG, 'index', '');
    expect(all.values).toHaveLength(100);
    expect(all).toMatchObject({ total: 300, hasMore: true });
    await expect(complete(CATALOG, 'index', '29')).resolves.toEqual({ values: ['29', '290', '291', '292', '293', '294', '295', '296', '297', '298', '299'], total: 11, hasMore: false });
  });

  it('reads URIs expanded from multi-variable, reserved and query templates', async () => {
    const [user] = (await complete(USER_PROFILE, 'user', 'grace', { org: 'initech' })).values;
    const profileUri = expand(USER_PROFILE, { org: 'initech', user });
    expect(profileUri).toBe(`ref://users/initech/${user}/profile`);
    expect(JSON.parse(text(await read(profileUri)))).toMatchObject({ org: 'initech', user });

    const docUri = expand(DOCS, { path: 'guides/getting-started.md' });
    expect(docUri).toBe('ref://docs/guides/getting-started.md');
    expect(text(await read(docUri))).toMatch(/^# guides\/getting-started\.md/);

    const searchUri = expand(SEARCH, { q: 'item', limit: '5' });
    expect(searchUri).toBe('ref://search?q=item&limit=5');
    const found = JSON.parse(text(await read(searchUri))) as { q: string; limit: number; results: unknown[] };
    expect(found).toMatchObject({ q: 'item', limit: 5 });
    expect(found.results.length).toBeLessThanOrEqual(5);

    // The expanded URI is read like any resource: through the cache when the server allows it.
    await expect(read(docUri)).resolves.toMatchObject({ cache: { state: era === 'modern' ? 'fresh' : 'miss' } });
    await expect(read(expand(USER_PROFILE, { org: 'initech', user: 'nobody.here' }))).rejects.toMatchObject({ error: { code: 'not_found' } });
  });

  it('tells a sandbox refusal (-32602 with { uri, reason }) from "not found" (-32602 with exactly { uri })', async () => {
    // The SDK's rule: only data of exactly { uri } means not found; the server's message is shown as it came.
    for (const [uri, reason] of [['file:///../etc/hostname', 'path-traversal'], ['file:///escape-link', 'symlink-escape']]) {
      const refused = read(uri);
      await expect(refused).rejects.toMatchObject({
        error: { code: 'invalid_params', rpcCode: -32602, message: expect.stringMatching(/^Refused: /), data: { uri, reason } }
      });
    }
    await expect(read('file:///notes/no-such-note.txt')).rejects.toMatchObject({ error: { code: 'not_found', rpcCode: -32602, data: { uri: 'file:///notes/no-such-note.txt' } } });
  });

  it('passes the server\'s refusal of an unknown template through as invalid params', async () => {
    await expect(complete('ref://nope/{x}', 'x', '')).rejects.toMatchObject({ error: { code: 'invalid_params', rpcCode: -32602 } });
  });
});

describe('a server without completions', () => {
  it('lists no templates and refuses completion without asking the server', async () => {
    const sse = await startSseFixture(2);
    try {
      const engine = await engineWith({ plain: { type: 'sse', url: sse.url } });
      await statusOf(engine, 'plain', 'connected');
      await expect(engine.host.dispatch('completion.complete', { serverId: 'plain', uriTemplate: 'x://{a}', argument: { name: 'a', value: '' } })).rejects.toMatchObject({
        error: { code: 'unsupported', message: expect.stringMatching(/does not declare the completions capability/) }
      });
      await expect(engine.host.dispatch('templates.list', { serverId: 'plain' })).resolves.toMatchObject({ items: [], pages: 1 });
      // Nothing was asked: the protocol log holds no completion request.
      const asked = (await engine.host.dispatch('log.query', { serverId: 'plain', method: 'completion/complete' })) as LogPage;
      expect(asked.total).toBe(0);
      expect(((await engine.host.dispatch('log.query', { serverId: 'plain' })) as LogPage).total).toBeGreaterThan(0);
      await engine.close();
    } finally {
      await sse.close();
    }
  });
});
