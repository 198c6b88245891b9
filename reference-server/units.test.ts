// Unit tests of the pure parts: flag parsing, URI template matching, completion arithmetic, sandbox path
// checks, deterministic generation and the binary formats.
import { describe, expect, it } from 'vitest';
import { pdf, png, pngSize, wav, wavSize } from './binary-formats';
import { Catalog } from './catalog';
import { parseArgs, UsageError } from './cli-args';
import { completeIndex, completionFrom } from './completion';
import { failureEntries } from './failures';
import { Rng } from './rng';
import type { ReadResourceResult, ServerContext } from '@modelcontextprotocol/server';
import { checkSandboxPath, Sandbox } from './sandbox';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreTemplates, usersOf } from './templates';
import { compileUriTemplate } from './uri-template';
import { decodeCursor, encodeCursor } from './pagination';

describe('parseArgs', () => {
  it('reads every flag, in both spellings', () => {
    const o = parseArgs(['--transport', 'http', '--port=0', '--host', '::1', '--resources', '100000', '--page-size', '500',
      '--update-interval-ms', '100', '--seed', '7', '--era', 'legacy', '--sandbox-dir', '/tmp/x', '--slow-ms', '10', '--list-delay-ms', '25', '--request-state-ttl-s', '2', '--legacy-session-idle-s', '5', '--template-page-size', '3', '--state-key', 'k'.repeat(32)]);
    expect(o).toMatchObject({ transport: 'http', port: 0, host: '::1', resources: 100_000, pageSize: 500, updateIntervalMs: 100, seed: 7, era: 'legacy', sandboxDir: '/tmp/x', slowMs: 10, listDelayMs: 25, requestStateTtlSeconds: 2, legacySessionIdleSeconds: 5, templatePageSize: 3, stateKey: 'k'.repeat(32) });
    expect(parseArgs([])).toMatchObject({ transport: 'stdio', host: '127.0.0.1', era: 'both' });
  });
  it('refuses bad input with a clear message', () => {
    expect(() => parseArgs(['--transport', 'pigeon'])).toThrow(/--transport must be one of stdio, http/);
    expect(() => parseArgs(['--port', '70000'])).toThrow(UsageError);
    expect(() => parseArgs(['--page-size', 'ten'])).toThrow(/needs an integer/);
    expect(() => parseArgs(['--page-size', '0'])).toThrow(/between 1/);
    expect(() => parseArgs(['--list-delay-ms=-1'])).toThrow(/--list-delay-ms must be between 0/);
    expect(() => parseArgs(['--state-key', 'short'])).toThrow(/32 bytes/);
    expect(() => parseArgs(['--frobnicate'])).toThrow(/Unknown option '--frobnicate'[^]*Usage: reference-server/);
    expect(() => parseArgs(['stray'])).toThrow(/Unexpected argument 'stray'/);
    expect(() => parseArgs(['--port'])).toThrow(/--port <value>' argument missing/);
    expect(() => parseArgs(['--host='])).toThrow(/--host needs a value/);
    expect(() => parseArgs(['--help'])).toThrow(/^Usage: reference-server/);
  });
  it('reads the churn flags and refuses churn past the catalog or its options without --churn', () => {
    expect(parseArgs(['--resources', '200', '--churn', '100', '--churn-rate', '1000', '--churn-trace'])).toMatchObject({ churn: 100, churnRate: 1000, churnTrace: true });
    expect(parseArgs([])).toMatchObject({ churn: 0, churnTrace: false });
    expect(() => parseArgs(['--resources', '10', '--churn', '11'])).toThrow(/--churn 11 is more than the 10 catalog items/);
    expect(() => parseArgs(['--churn-trace'])).toThrow(/need --churn N/);
    expect(() => parseArgs(['--churn', '5', '--churn-rate', '0'])).toThrow(/--churn-rate must be between 1/);
  });
});

describe('URI templates', () => {
  it('matches simple, reserved and query expressions', () => {
    expect(compileUriTemplate('ref://users/{org}/{user}/profile')('ref://users/a%20b/c/profile')).toEqual({ org: 'a b', user: 'c' });
    expect(compileUriTemplate('ref://users/{org}/{user}/profile')('ref://users/a/b/c/profile')).toBeUndefined();
    expect(compileUriTemplate('ref://docs/{+path}')('ref://docs/guides/x.md')).toEqual({ path: 'guides/x.md' });
    const search = compileUriTemplate('ref://search{?q,limit}');
    expect(search('ref://search?q=hello%20world&limit=5')).toEqual({ q: 'hello world', limit: '5' });
    expect(search('ref://search?limit=5')).toEqual({ limit: '5' });
    expect(search('ref://search')).toEqual({});
    expect(search('ref://searching')).toBeUndefined();
  });
});

describe('completion', () => {
  it('caps values at 100 and reports the total', () => {
    const many = Array.from({ length: 250 }, (_, i) => `v${i}`);
    expect(completionFrom(many, 'v')).toMatchObject({ total: 250, hasMore: true });
    expect(completionFrom(many, 'v')?.values).toHaveLength(100);
    expect(completionFrom(many, 'v24')).toEqual({ values: ['v24', 'v240', 'v241', 'v242', 'v243', 'v244', 'v245', 'v246', 'v247', 'v248', 'v249'], total: 11, hasMore: false });
  });
  it('counts index completions arithmetically', () => {
    expect(completeIndex('', 100_000)).toMatchObject({ total: 100_000, hasMore: true });
    expect(completeIndex('9', 100)).toEqual({ values: ['9', '90', '91', '92', '93', '94', '95', '96', '97', '98', '99'], total: 11, hasMore: false });
    expect(completeIndex('1', 100_000).total).toBe(11_111);
    expect(completeIndex('0', 10)).toEqual({ values: ['0'], total: 1, hasMore: false });
    expect(completeIndex('x', 10).total).toBe(0);
  });
  it('orders users differently per organisation', () => {
    expect(usersOf('acme')).toHaveLength(150);
    expect(usersOf('acme')).not.toEqual(usersOf('hooli'));
    expect([...usersOf('acme')].sort()).toEqual([...usersOf('hooli')].sort());
  });
});

describe('sandbox paths', () => {
  it.each([
    ['../x', 'path-traversal'], ['a/../../x', 'path-traversal'], ['%2e%2e/x', 'path-traversal'], ['%252e%252e/x', 'path-traversal'],
    ['a\\..\\..\\x', 'path-traversal'], ['/etc/passwd', 'absolute-path'], ['%2Fetc', 'absolute-path'], ['C:/Windows', 'absolute-path'],
    ['a%00b', 'invalid-path'], ['%E0%A4%A', 'invalid-path']
  ])('refuses %s (%s)', (raw, reason) => {
    expect(checkSandboxPath(raw)).toEqual({ reason });
  });
  it('accepts paths inside', () => {
    expect(checkSandboxPath('notes/todo.txt')).toEqual({ path: 'notes/todo.txt' });
    expect(checkSandboxPath('my%20file.txt')).toEqual({ path: 'my file.txt' });
  });
  it('serves and lists a file whose name starts with `..`, and still refuses `../`', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reference-sandbox-dotdot-'));
    try {
      writeFileSync(join(dir, '..notes.txt'), 'dot-dot but inside');
      const sandbox = Sandbox.create(dir, 1); // not empty, so not filled: the file above is all it holds
      expect(sandbox.read('file:///..notes.txt', '..notes.txt')).toEqual({
        contents: [{ uri: 'file:///..notes.txt', mimeType: 'text/plain', text: 'dot-dot but inside' }]
      });
      expect(sandbox.read('file:///', '')).toEqual({ contents: [expect.objectContaining({ uri: 'file:///..notes.txt', text: 'dot-dot but inside' })] });
      expect(sandbox.paths()).toEqual(['..notes.txt']);
      expect(() => sandbox.read('file:///../x', '../x')).toThrow(expect.objectContaining({ data: { uri: 'file:///../x', reason: 'path-traversal' } }));
      expect(() => sandbox.read('file:///..%2Fx', '..%2Fx')).toThrow(expect.objectContaining({ data: { uri: 'file:///..%2Fx', reason: 'path-traversal' } }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('generated content', () => {
  it('is deterministic per seed and index', () => {
    const a = new Catalog(1000, 1);
    const b = new Catalog(1000, 1);
    const c = new Catalog(1000, 2);
    expect(a.meta(777)).toEqual(b.meta(777));
    expect(a.content(777)).toEqual(b.content(777));
    expect(a.meta(777)).not.toEqual(c.meta(777));
    expect(a.indexOf('ref://catalog/999')).toBe(999);
    expect(a.indexOf('ref://catalog/1000')).toBeUndefined();
    expect(a.indexOf('ref://catalog/007')).toBeUndefined();
  });
  it('names items the same in listings and in search, which reads names only', async () => {
    const cat = new Catalog(300, 3);
    for (let i = 0; i < 300; i++) expect(cat.name(i)).toBe(cat.meta(i).name);
    const search = coreTemplates(cat, 3).find(t => t.meta.name === 'search')!;
    const q = cat.name(7).split('-')[0];
    // The search reader never looks at the request context, so none is built.
    const read = (await search.read(`ref://search?q=${q}&limit=100`, { q, limit: '100' }, {} as ServerContext)) as ReadResourceResult;
    const expected = Array.from({ length: 300 }, (_, i) => cat.meta(i)).filter(m => m.name.includes(q)).map(m => ({ uri: m.uri, name: m.name }));
    expect(expected.length).toBeGreaterThan(0);
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({ q, limit: 100, results: expected.slice(0, 100) });
  });
  it('reports sizes that match the content', () => {
    const cat = new Catalog(200, 3);
    for (let i = 0; i < 200; i++) {
      const c = cat.content(i);
      expect(cat.meta(i).size).toBe('text' in c ? Buffer.byteLength(c.text) : c.blob.length);
    }
  });
  it('builds well-formed binary files', () => {
    const image = png(new Rng(1));
    expect(image.length).toBe(pngSize());
    expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const sound = wav(440);
    expect(sound.length).toBe(wavSize());
    expect(sound.toString('ascii', 0, 4)).toBe('RIFF');
    const doc = pdf('Title (with parens)', ['line']).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(doc)![1]);
    expect(doc.slice(xrefAt, xrefAt + 4)).toBe('xref');
    expect(doc).toContain('Title \\(with parens\\)');
  });
});

describe('cursors', () => {
  it('round-trip and reject anything foreign', () => {
    const c = encodeCursor('resources', 40, 'f1');
    expect(decodeCursor(c, 'resources', 'f1', 100)).toBe(40);
    expect(decodeCursor(undefined, 'resources', 'f1', 100)).toBe(0);
    expect(() => decodeCursor(c, 'templates', 'f1', 100)).toThrow(/Invalid cursor/);
    expect(() => decodeCursor(c, 'resources', 'f2', 100)).toThrow(/Invalid cursor/);
    expect(() => decodeCursor(c, 'resources', 'f1', 39)).toThrow(/Invalid cursor/);
    expect(() => decodeCursor('%%%', 'resources', 'f1', 100)).toThrow(/Invalid cursor/);
  });
});

describe('the slow resource', () => {
  // Only the abort signal of the request context is used by this reader; the rest of the context is not built.
  const contextWith = (signal: AbortSignal) => ({ mcpReq: { signal } }) as unknown as ServerContext;
  const slow = failureEntries(60_000).find(e => e.meta.uri === 'ref://errors/slow')!;

  it('refuses at once when the read was already cancelled', async () => {
    const started = performance.now();
    const reason = new Error('cancelled before it began');
    await expect(Promise.resolve(slow.read('ref://errors/slow', contextWith(AbortSignal.abort(reason))))).rejects.toBe(reason);
    // Far below the 60 s the read would wait; loose enough for a loaded machine's scheduling pauses.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
  it('stops waiting as soon as the read is cancelled', async () => {
    const abort = new AbortController();
    const started = performance.now();
    const read = Promise.resolve(slow.read('ref://errors/slow', contextWith(abort.signal)));
    setTimeout(() => abort.abort(new Error('cancelled while waiting')), 20);
    await expect(read).rejects.toThrow('cancelled while waiting');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
