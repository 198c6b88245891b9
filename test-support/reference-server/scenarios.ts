// Test scenarios shared by the HTTP and stdio suites: each takes a connected SDK client (of either era) and
// checks one feature of the server end to end, so both transports and both eras run the same assertions.
import { ProtocolError, SdkError, type Client, type ElicitResult, type ListResourceTemplatesResult, type Resource } from '@modelcontextprotocol/client';
import { parseTemplate } from 'url-template';
import { expect } from 'vitest';
import type { ClientEra } from './harness';
import { eventually } from './harness';

type Template = ListResourceTemplatesResult['resourceTemplates'][number];

export async function expectProtocolError(p: Promise<unknown>, code: number): Promise<ProtocolError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error, 'expected the request to fail').toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(code);
  return error as ProtocolError;
}

/** Walks resources/list page by page with explicit cursors (never cached by the client). */
export async function listAllResources(client: Client): Promise<{ resources: Resource[]; pages: number; firstPage: Record<string, unknown> }> {
  const resources: Resource[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let firstPage: Record<string, unknown> = {};
  const seen = new Set<string>();
  do {
    // A cursor-less listResources() walks every page itself, so the first page is requested directly.
    const page = cursor ? await client.listResources({ cursor }, { cacheMode: 'bypass' }) : await client.request({ method: 'resources/list', params: {} });
    if (pages === 0) firstPage = page as unknown as Record<string, unknown>;
    pages++;
    resources.push(...page.resources);
    cursor = page.nextCursor;
    if (cursor) {
      expect(seen.has(cursor), 'cursor repeated').toBe(false);
      seen.add(cursor);
    }
  } while (cursor);
  return { resources, pages, firstPage };
}

async function listAllTemplates(client: Client): Promise<{ templates: Template[]; pages: number }> {
  const templates: Template[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = cursor
      ? await client.listResourceTemplates({ cursor }, { cacheMode: 'bypass' })
      : await client.request({ method: 'resources/templates/list', params: {} });
    pages++;
    templates.push(...page.resourceTemplates);
    cursor = page.nextCursor;
  } while (cursor);
  return { templates, pages };
}

export async function checkListing(client: Client, era: ClientEra, catalogSize: number, pageSize: number): Promise<void> {
  const { resources, pages, firstPage } = await listAllResources(client);
  const uris = resources.map(r => r.uri);
  expect(new Set(uris).size, 'URIs are unique').toBe(uris.length);
  for (const must of ['ref://catalog/0', `ref://catalog/${catalogSize - 1}`, 'ref://samples/readme.txt', 'test://static-text', 'ref://input/vault', 'ref://live/clock']) {
    expect(uris).toContain(must);
  }
  expect(resources.filter(r => r.uri.startsWith('ref://catalog/'))).toHaveLength(catalogSize);
  expect(pages).toBe(Math.ceil(resources.length / pageSize));
  expect(resources.every(r => typeof r.name === 'string' && r.name.length > 0)).toBe(true);

  // Annotations are varied on purpose, and some items have none.
  const catalog = resources.filter(r => r.uri.startsWith('ref://catalog/'));
  expect(catalog.some(r => r.annotations === undefined)).toBe(true);
  const audiences = new Set(catalog.map(r => r.annotations?.audience?.join(',')).filter(Boolean));
  expect([...audiences].sort()).toEqual(['assistant', 'user', 'user,assistant']);
  const priorities = catalog.map(r => r.annotations?.priority).filter((p): p is number => p !== undefined);
  expect(Math.min(...priorities)).toBeLessThan(0.1);
  expect(Math.max(...priorities)).toBeGreaterThan(0.9);
  const dates = catalog.map(r => r.annotations?.lastModified).filter((d): d is string => d !== undefined).map(d => Date.parse(d));
  expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(300 * 86_400_000);
  expect(catalog.some(r => r.icons?.length)).toBe(true);
  expect(catalog.every(r => typeof r.size === 'number' && r.title)).toBe(true);
  const mimes = new Set(resources.map(r => r.mimeType));
  for (const m of ['text/plain', 'text/markdown', 'application/json', 'text/csv', 'text/html', 'image/svg+xml', 'image/png', 'application/pdf', 'audio/wav', 'application/octet-stream', 'inode/directory']) {
    expect(mimes).toContain(m);
  }
  // https:// is kept for what a client can fetch from the web itself; this server serves nothing of the kind.
  expect(uris.some(u => u.startsWith('https://'))).toBe(false);

  if (era === 'modern') {
    // The TTL follows --update-interval-ms (reference-server/cache-hints.test.ts checks its value).
    expect(firstPage.ttlMs).toEqual(expect.any(Number));
    expect(firstPage.cacheScope).toBe('public');
  } else {
    expect(firstPage).not.toHaveProperty('ttlMs');
  }
  await expectProtocolError(client.listResources({ cursor: 'not-a-cursor' }), -32602);
  await expectProtocolError(client.listResources({ cursor: Buffer.from(JSON.stringify({ l: 'resources', o: 5, f: 'other' })).toString('base64url') }), -32602);
}

export async function checkReadKinds(client: Client): Promise<void> {
  const png = await client.readResource({ uri: 'ref://samples/photo.png' });
  const pngItem = png.contents[0] as { blob: string; mimeType: string };
  expect(pngItem.mimeType).toBe('image/png');
  expect(Buffer.from(pngItem.blob, 'base64').subarray(1, 4).toString('ascii')).toBe('PNG');
  const pdf = await client.readResource({ uri: 'ref://samples/report.pdf' });
  expect(Buffer.from((pdf.contents[0] as { blob: string }).blob, 'base64').subarray(0, 5).toString('ascii')).toBe('%PDF-');
  const md = await client.readResource({ uri: 'ref://samples/guide.md' });
  expect((md.contents[0] as { text: string }).text).toMatch(/^# /);
  const folder = await client.readResource({ uri: 'ref://samples/folder' });
  expect(folder.contents.map(c => c.uri)).toEqual(['ref://samples/folder/readme.txt', 'ref://samples/folder/guide.md', 'ref://samples/folder/config.json']);
  const empty = await client.readResource({ uri: 'ref://samples/empty.txt' });
  expect(empty.contents).toEqual([expect.objectContaining({ uri: 'ref://samples/empty.txt', text: '' })]);
  const spec = await client.readResource({ uri: 'ref://spec/2026-07-28' });
  expect((spec.contents[0] as { text: string }).text).toContain('2026-07-28');
  const text = await client.readResource({ uri: 'test://static-text' });
  expect(text.contents[0]).toMatchObject({ mimeType: 'text/plain', text: 'This is the content of the static text resource.' });
}

export async function checkLargeBlob(client: Client, expectedBytes: number): Promise<void> {
  const big = await client.readResource({ uri: 'ref://samples/large.bin' });
  expect(Buffer.from((big.contents[0] as { blob: string }).blob, 'base64').length).toBe(expectedBytes);
}

export async function checkCacheHints(client: Client, era: ClientEra): Promise<void> {
  const hint = async (uri: string) => {
    const r = (await client.readResource({ uri }, { cacheMode: 'bypass' })) as unknown as { ttlMs?: number; cacheScope?: string };
    return { ttlMs: r.ttlMs, cacheScope: r.cacheScope };
  };
  if (era === 'legacy') {
    expect(await hint('ref://cache/public-long')).toEqual({ ttlMs: undefined, cacheScope: undefined });
    return;
  }
  expect(await hint('ref://cache/public-long')).toEqual({ ttlMs: 3_600_000, cacheScope: 'public' });
  expect(await hint('ref://cache/private-short')).toEqual({ ttlMs: 5_000, cacheScope: 'private' });
  expect(await hint('ref://cache/no-store')).toEqual({ ttlMs: 0, cacheScope: 'private' });
  expect(await hint('ref://catalog/1')).toEqual({ ttlMs: 60_000, cacheScope: 'public' });
  const templates = (await client.listResourceTemplates({}, { cacheMode: 'bypass' })) as unknown as { ttlMs?: number; cacheScope?: string };
  expect(templates).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });

  // The every-read resource changes on each server read, so the client cache is observable.
  const readNumber = async (mode: 'use' | 'bypass') => JSON.parse(((await client.readResource({ uri: 'ref://cache/every-read' }, { cacheMode: mode })).contents[0] as { text: string }).text).read as number;
  const first = await readNumber('bypass');
  const second = await readNumber('bypass');
  expect(second).toBeGreaterThan(first);
  const cached = await readNumber('use');
  expect(await readNumber('use')).toBe(cached);
}

/** Chooses a value for each template variable from the server's own completion, then reads the expansion. */
export async function checkTemplates(client: Client, templatePageSize: number): Promise<void> {
  const { templates, pages } = await listAllTemplates(client);
  expect(templates.map(t => t.uriTemplate).sort()).toEqual([
    'file:///{+path}', 'ref://catalog/{index}', 'ref://docs/{+path}', 'ref://search{?q,limit}', 'ref://users/{org}/{user}/profile', 'test://template/{id}/data'
  ]);
  expect(pages).toBe(Math.ceil(templates.length / templatePageSize));
  await expectProtocolError(client.listResourceTemplates({ cursor: 'bogus' }), -32602);

  const preferred: Record<string, string> = { path: 'notes/todo.txt', q: 'aurora' };
  for (const t of templates) {
    const names = [...t.uriTemplate.matchAll(/\{[+?]?([^}]+)\}/g)].flatMap(m => m[1].split(','));
    const args: Record<string, string> = {};
    for (const name of names) {
      const { completion } = await client.complete({
        ref: { type: 'ref/resource', uri: t.uriTemplate }, argument: { name, value: '' }, context: { arguments: { ...args } }
      });
      expect(completion.values.length, `${t.uriTemplate} completes ${name}`).toBeGreaterThan(0);
      expect(completion.values.length).toBeLessThanOrEqual(100);
      const pick = t.uriTemplate.startsWith('ref://docs') ? 'guides/templates.md' : preferred[name] ?? completion.values[0];
      args[name] = completion.values.includes(pick) || name === 'q' ? pick : completion.values[0];
    }
    const uri = parseTemplate(t.uriTemplate).expand(args);
    const result = await client.readResource({ uri });
    expect(result.contents.length, `read ${uri}`).toBeGreaterThan(0);
    expect(result.contents[0].uri.startsWith(uri.split('?')[0])).toBe(true);
  }
}

export async function checkCompletion(client: Client): Promise<void> {
  const users = (org: string | undefined, value = '') => client.complete({
    ref: { type: 'ref/resource', uri: 'ref://users/{org}/{user}/profile' },
    argument: { name: 'user', value },
    ...(org ? { context: { arguments: { org } } } : {})
  }).then(r => r.completion);
  const acme = await users('acme');
  expect(acme).toMatchObject({ total: 150, hasMore: true });
  expect(acme.values).toHaveLength(100);
  const globex = await users('globex');
  expect(globex.values).not.toEqual(acme.values); // depends on the earlier argument
  expect((await users(undefined)).values).toEqual([]);
  const grace = await users('acme', 'grace.');
  expect(grace).toMatchObject({ total: 10, hasMore: false });
  expect(grace.values.every(v => v.startsWith('grace.'))).toBe(true);
  const index = await client.complete({ ref: { type: 'ref/resource', uri: 'ref://catalog/{index}' }, argument: { name: 'index', value: '1' } });
  expect(index.completion.values[0]).toBe('1');
  expect(index.completion.total).toBeGreaterThan(1);
  await expectProtocolError(client.complete({ ref: { type: 'ref/resource', uri: 'nope://{x}' }, argument: { name: 'x', value: '' } }), -32602);
}

export async function checkSandbox(client: Client): Promise<void> {
  const todo = await client.readResource({ uri: 'file:///notes/todo.txt' });
  expect((todo.contents[0] as { text: string }).text).toContain('try the vault');
  const inside = await client.readResource({ uri: 'file:///link-to-todo.txt' });
  expect((inside.contents[0] as { text: string }).text).toContain('try the vault');
  const dir = await client.readResource({ uri: 'file:///data' });
  expect(dir.contents.map(c => c.uri).sort()).toEqual(['file:///data/nested/', 'file:///data/sales.csv']);
  const refused: Array<[string, string]> = [
    ['file:///../etc/hostname', 'path-traversal'],
    ['file:///notes/../../etc/hostname', 'path-traversal'],
    ['file:///%2e%2e/etc/hostname', 'path-traversal'],
    ['file:///notes/%2E%2E/%2e%2e/etc/hostname', 'path-traversal'],
    ['file:///%252e%252e/etc/hostname', 'path-traversal'],
    ['file:///..%2fetc%2fhostname', 'path-traversal'],
    ['file:////etc/hostname', 'absolute-path'],
    ['file:///%2Fetc%2Fhostname', 'absolute-path'],
    ['file:///escape-link', 'symlink-escape'],
    ['file:///escape-dir/hostname', 'symlink-escape']
  ];
  for (const [uri, reason] of refused) {
    const e = await expectProtocolError(client.readResource({ uri }), -32602);
    expect(e.data, uri).toMatchObject({ uri, reason });
  }
  const missing = await expectProtocolError(client.readResource({ uri: 'file:///notes/none.txt' }), -32602);
  expect(missing.data).toMatchObject({ uri: 'file:///notes/none.txt' });
}

type Elicit = { mode?: string; message: string; url?: string; requestedSchema?: { properties?: Record<string, unknown> } };

/** Installs an elicitation handler that answers from a queue and records what it was asked. */
export function answerElicitations(client: Client, answers: Array<(req: Elicit) => ElicitResult>): Elicit[] {
  const asked: Elicit[] = [];
  client.setRequestHandler('elicitation/create', async req => {
    const params = req.params as Elicit;
    asked.push(params);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected elicitation: ${params.message}`);
    return next(params);
  });
  return asked;
}

const textOf = (r: { contents: Array<{ text?: string } | { blob?: string }> }) => (r.contents[0] as { text: string }).text;

export async function checkInputRequired(client: Client): Promise<void> {
  let asked = answerElicitations(client, [() => ({ action: 'accept', content: { passphrase: 'open sesame' } })]);
  expect(textOf(await client.readResource({ uri: 'ref://input/vault' }))).toBe('The treasure is buried under the old oak tree.');
  expect(asked).toHaveLength(1);
  expect(Object.keys(asked[0].requestedSchema?.properties ?? {})).toEqual(['passphrase']);

  asked = answerElicitations(client, [
    () => ({ action: 'accept', content: { passphrase: 'wrong' } }),
    () => ({ action: 'accept', content: { passphrase: 'open sesame' } })
  ]);
  expect(textOf(await client.readResource({ uri: 'ref://input/vault' }))).toContain('treasure');
  expect(asked.map(a => a.message)).toEqual(['Enter the vault passphrase', 'Wrong passphrase. 2 attempt(s) left.']);

  answerElicitations(client, [() => ({ action: 'decline' })]);
  expect(textOf(await client.readResource({ uri: 'ref://input/vault' }))).toContain('declined');
  answerElicitations(client, [() => ({ action: 'cancel' })]);
  expect(textOf(await client.readResource({ uri: 'ref://input/vault' }))).toContain('cancelled');

  asked = answerElicitations(client, [
    () => ({ action: 'accept', content: { name: 'Ada' } }),
    () => ({ action: 'accept', content: { colour: 'green' } })
  ]);
  expect(JSON.parse(textOf(await client.readResource({ uri: 'ref://input/two-round' })))).toEqual({ name: 'Ada', colour: 'green', rounds: 2 });
  expect(asked.map(a => a.message)).toEqual(['Round 1 of 2: what is your name?', 'Round 2 of 2: Ada, pick a colour']);

  asked = answerElicitations(client, [() => ({ action: 'accept' })]);
  expect(textOf(await client.readResource({ uri: 'ref://input/url-mode' }))).toMatch(/^Authorized through the browser/);
  expect(asked[0]).toMatchObject({ mode: 'url', url: expect.stringMatching(/^https:\/\/example\.com\/authorize\?request=/) });
}

export async function checkErrors(client: Client, slowMs: number): Promise<void> {
  const unknown = await expectProtocolError(client.readResource({ uri: 'ref://nothing/here' }), -32602);
  expect(unknown.data).toMatchObject({ uri: 'ref://nothing/here' });
  const missing = await expectProtocolError(client.readResource({ uri: 'ref://errors/missing' }), -32602);
  expect(missing.data).toMatchObject({ uri: 'ref://errors/missing' });
  await expectProtocolError(client.readResource({ uri: 'ref://errors/failing' }), -32603);
  await expectProtocolError(client.readResource({ uri: 'ref://users/acme/nobody/profile' }), -32602);
  await expectProtocolError(client.readResource({ uri: 'ref://search?limit=1000' }), -32602);

  const started = Date.now();
  const timedOut = await client.readResource({ uri: 'ref://errors/slow' }, { timeout: 300 }).then(() => undefined, (e: unknown) => e);
  expect(timedOut).toBeInstanceOf(SdkError);
  expect(Date.now() - started).toBeLessThan(slowMs);
  const abort = new AbortController();
  const cancelled = client.readResource({ uri: 'ref://errors/slow' }, { signal: abort.signal }).then(() => undefined, (e: unknown) => e);
  setTimeout(() => abort.abort(new Error('user cancelled')), 100);
  expect(await cancelled).toBeInstanceOf(Error);
  expect(Date.now() - started).toBeLessThan(slowMs);
  // The connection stays usable afterwards.
  expect(textOf(await client.readResource({ uri: 'test://static-text' }))).toContain('static text');
}

/** Records `updated` URIs and counts `list_changed` notifications on a client. */
export function recordNotifications(client: Client): { updated: string[]; listChanged(): number } {
  const updated: string[] = [];
  let listChanged = 0;
  client.setNotificationHandler('notifications/resources/updated', n => {
    updated.push(n.params.uri);
  });
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    listChanged++;
  });
  return { updated, listChanged: () => listChanged };
}

/** Subscribes to `uris` the way the client's era does (plus list_changed on 2026-07-28); resolves to an unsubscribe. */
export async function subscribe(client: Client, era: ClientEra, uris: string[]): Promise<() => Promise<void>> {
  if (era === 'modern') {
    const sub = await client.listen({ resourceSubscriptions: uris, resourcesListChanged: true });
    expect(sub.honoredFilter.resourceSubscriptions).toEqual(uris);
    return () => sub.close();
  }
  for (const uri of uris) await client.subscribeResource({ uri });
  return async () => {
    for (const uri of uris) await client.unsubscribeResource({ uri });
  };
}

/** Subscribes to the clock and the conformance fixture (era-appropriately) and waits for their tick updates. */
export async function checkNotifications(client: Client, era: ClientEra): Promise<void> {
  const { updated } = recordNotifications(client);
  const close = await subscribe(client, era, ['ref://live/clock', 'test://watched-resource']);
  await eventually(() => (updated.filter(u => u === 'ref://live/clock').length >= 2 ? true : undefined));
  await eventually(() => (updated.includes('test://watched-resource') ? true : undefined));
  // Only subscribed URIs are announced.
  expect(updated.filter(u => u !== 'ref://live/clock' && u !== 'test://watched-resource')).toEqual([]);
  await close();
}

const STATIC_URI = 'ref://samples/readme.txt';
const COUNTER_URI = 'ref://live/counter';
const EPHEMERAL_URI = 'ref://live/ephemeral';

/**
 * The three test-driving tools, each shown doing its job. Needs a server whose ticks never come during the
 * test (a long `--update-interval-ms`): then every `updated`, `list_changed` and counter step seen here can
 * only come from the tool.
 */
export async function checkTools(client: Client, era: ClientEra): Promise<void> {
  const { updated, listChanged } = recordNotifications(client);
  const close = await subscribe(client, era, [STATIC_URI, COUNTER_URI]);
  const readCounter = async () => JSON.parse(textOf(await client.readResource({ uri: COUNTER_URI }, { cacheMode: 'bypass' }))) as { value: number; ticks: number };
  const start = await readCounter();
  expect(start.ticks, 'no tick during the tool checks').toBe(0);

  // touch_resource: a static sample never changes by itself, so its `updated` is the tool's doing.
  expect(updated).not.toContain(STATIC_URI);
  await client.callTool({ name: 'touch_resource', arguments: { uri: STATIC_URI } });
  await eventually(() => (updated.includes(STATIC_URI) ? true : undefined));

  // bump_counter: answers the new value, which a read then shows, one step at a time.
  for (const step of [1, 2]) {
    const result = await client.callTool({ name: 'bump_counter', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: String(start.value + step) }]);
    expect(await readCounter()).toEqual({ value: start.value + step, ticks: 0 });
  }
  await eventually(() => (updated.filter(u => u === COUNTER_URI).length >= 2 ? true : undefined));

  // set_ephemeral: each call sends one list_changed and changes the listing.
  const listsEphemeral = async () => (await listAllResources(client)).resources.some(r => r.uri === EPHEMERAL_URI);
  expect(await listsEphemeral()).toBe(false);
  for (const present of [true, false]) {
    const before = listChanged();
    await client.callTool({ name: 'set_ephemeral', arguments: { present } });
    await eventually(() => (listChanged() > before ? true : undefined));
    expect(listChanged()).toBe(before + 1);
    expect(await listsEphemeral()).toBe(present);
  }
  expect((await readCounter()).ticks, 'no tick during the tool checks').toBe(0);
  await close();
}
