// Config file handling on real files in a temp dir: validation naming the bad field, atomic save,
// bad files kept untouched, imports from Claude Desktop / Cursor / VS Code formats.
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';
import { projectRoot, referenceServerEntry } from './default-server';
import { extractServers, readImportFile } from './import';
import { parseJsonc } from './jsonc';
import { validateServerMap } from './schema';
import { ConfigStore } from './store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mrb-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const defaults = () => ({ reference: { command: 'node', args: ['ref.js'] } });

describe('validation', () => {
  it('names the bad field of each broken entry and keeps the good ones', () => {
    const result = validateServerMap('mcpServers', {
      good: { command: 'node', args: ['a.js'] },
      web: { type: 'http', url: 'ftp://example.com' },
      noargs: { command: 'node', args: 'a.js' },
      neither: { env: {} },
      typo: { command: 'node', argz: [] }
    });
    expect(Object.keys(result.servers)).toEqual(['good']);
    expect(result.issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^mcpServers\.web\.url: /),
        expect.stringMatching(/^mcpServers\.noargs\.args: /),
        expect.stringMatching(/^mcpServers\.neither: needs either "command"/),
        expect.stringMatching(/^mcpServers\.typo: .*argz/)
      ])
    );
  });

  it('accepts type "stdio" and "streamable-http" spellings', () => {
    const result = validateServerMap('mcpServers', {
      a: { type: 'stdio', command: 'x' },
      b: { type: 'streamable-http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t' } },
      c: { url: 'https://example.com/mcp' }
    });
    expect(result.issues).toEqual([]);
    expect(result.servers).toEqual({
      a: { command: 'x' },
      b: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t' } },
      c: { type: 'http', url: 'https://example.com/mcp' }
    });
  });
});

describe('ConfigStore', () => {
  it('uses the embedded default when no file exists, without writing one', async () => {
    const path = join(dir, 'config.json');
    const store = new ConfigStore({ path, defaults });
    const view = await store.load();
    expect(view).toEqual({ path, servers: defaults() });
    expect(store.isFirstStart).toBe(true);
    await expect(readFile(path)).rejects.toThrow(/ENOENT/);
  });

  it('saves atomically and keeps unrelated top-level keys', async () => {
    const path = join(dir, 'config.json');
    await writeFile(path, JSON.stringify({ mcpServers: { a: { command: 'a' } }, globalShortcut: 'Ctrl+K' }));
    const store = new ConfigStore({ path, defaults });
    await store.load();
    await store.setServer('b', { type: 'http', url: 'http://127.0.0.1:9/mcp' });
    expect(await store.removeServer('a')).toBe(true);
    const saved = JSON.parse(await readFile(path, 'utf8'));
    expect(saved).toEqual({ globalShortcut: 'Ctrl+K', mcpServers: { b: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
    // No temp files are left behind next to the config.
    expect(await readdir(dir)).toEqual(['config.json']);
  });

  it('reports a file that is not JSON and never overwrites it', async () => {
    const path = join(dir, 'config.json');
    const broken = '{ "mcpServers": { "a": { "command": "x" }, }';
    await writeFile(path, broken);
    const store = new ConfigStore({ path, defaults });
    const view = await store.load();
    expect(view.error).toMatch(/not valid JSON/);
    expect(view.servers).toEqual({});
    await expect(store.setServer('b', { command: 'y' })).rejects.toMatchObject({ error: { code: 'config' } });
    expect(await readFile(path, 'utf8')).toBe(broken);
  });

  it('loads the valid entries of a partly bad file, reports the rest, and refuses to save over it', async () => {
    const path = join(dir, 'config.json');
    const text = JSON.stringify({ mcpServers: { ok: { command: 'x' }, bad: { type: 'http', url: 'nope' } } });
    await writeFile(path, text);
    const store = new ConfigStore({ path, defaults });
    const view = await store.load();
    expect(view.servers).toEqual({ ok: { command: 'x' } });
    expect(view.error).toMatch(/^mcpServers\.bad\.url: /m);
    await expect(store.removeServer('ok')).rejects.toMatchObject({ error: { code: 'config' } });
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});

describe('writeFileAtomic', () => {
  it('replaces the whole file and leaves no temp file when the target directory is missing', async () => {
    const path = join(dir, 'nested', 'deeper', 'file.json');
    await writeFileAtomic(path, 'one');
    await writeFileAtomic(path, 'two');
    expect(await readFile(path, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'nested', 'deeper'))).toEqual(['file.json']);
  });
});

describe('imports', () => {
  it('reads Claude Desktop / Cursor files (mcpServers)', async () => {
    const path = join(dir, 'claude_desktop_config.json');
    await writeFile(path, JSON.stringify({ mcpServers: { fs: { command: 'npx', args: ['-y', 'server-fs', '/tmp'], env: { A: '1' } }, remote: { url: 'https://example.com/mcp' } } }));
    const result = await readImportFile(path, 'claude');
    expect(result.servers).toEqual({
      fs: { command: 'npx', args: ['-y', 'server-fs', '/tmp'], env: { A: '1' } },
      remote: { type: 'http', url: 'https://example.com/mcp' }
    });
    expect(result.skipped).toEqual([]);
  });

  it('reads VS Code mcp.json (servers) with comments, skipping entries VS Code must fill in', async () => {
    const path = join(dir, 'mcp.json');
    await writeFile(
      path,
      `{
        // VS Code workspace servers
        "inputs": [{ "id": "key", "type": "promptString" }],
        "servers": {
          "git": { "type": "stdio", "command": "uvx", "args": ["mcp-server-git"], },
          "api": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${input:key}" } },
          "legacy": { "type": "sse", "url": "http://127.0.0.1:8080/sse" },
          "withEnvFile": { "command": "node", "envFile": "\${workspaceFolder}/.env" }
        }
      }`
    );
    const result = await readImportFile(path, 'auto');
    expect(result.servers).toEqual({
      git: { command: 'uvx', args: ['mcp-server-git'] },
      legacy: { type: 'sse', url: 'http://127.0.0.1:8080/sse' }
    });
    expect(result.skipped.map(s => s.name).sort()).toEqual(['api', 'withEnvFile']);
    expect(result.skipped.find(s => s.name === 'api')?.reason).toMatch(/\$\{input:key\}/);
  });

  it('reads VS Code settings.json (mcp.servers) and reports invalid entries with the field', () => {
    const result = extractServers({ 'editor.fontSize': 14, mcp: { servers: { a: { command: 'x' }, b: { type: 'http', url: 42 } } } }, 'vscode');
    expect(result.servers).toEqual({ a: { command: 'x' } });
    expect(result.skipped).toEqual([{ name: 'b', reason: expect.stringMatching(/^mcp\.servers\.b\.url: /) }]);
  });

  it('says what it expected when the file has no servers', () => {
    expect(() => extractServers({ something: {} }, 'auto')).toThrow(/mcpServers/);
    expect(() => extractServers({ mcpServers: {} }, 'vscode')).toThrow(/"servers" or "mcp.servers"/);
  });

  it('fails clearly on unreadable files', async () => {
    await expect(readImportFile(join(dir, 'missing.json'), 'auto')).rejects.toMatchObject({ error: { code: 'config', message: expect.stringMatching(/Cannot read/) } });
  });
});

describe('parseJsonc', () => {
  it('keeps comment markers and commas inside strings', () => {
    expect(parseJsonc('{ "a": "x // not a comment, }", /* c */ "b": [1, 2,], }')).toEqual({ a: 'x // not a comment, }', b: [1, 2] });
  });
});

describe('embedded default', () => {
  /** A checkout with the reference server's sources and its bundle, the bundle built `bundleAge` s after them. */
  async function checkout(bundleAge: number | undefined): Promise<string> {
    const root = await mkdtemp(join(dir, 'checkout-'));
    await mkdir(join(root, 'reference-server'), { recursive: true });
    await writeFile(join(root, 'package.json'), '{"name":"mcp-resource-browser"}');
    await writeFile(join(root, 'reference-server', 'main.ts'), '');
    const sourcesAt = new Date('2026-01-01T00:00:00Z');
    await utimes(join(root, 'package.json'), sourcesAt, sourcesAt);
    await utimes(join(root, 'reference-server', 'main.ts'), sourcesAt, sourcesAt);
    if (bundleAge !== undefined) {
      await mkdir(join(root, 'dist', 'node'), { recursive: true });
      await writeFile(join(root, 'dist', 'node', 'reference-server.mjs'), '');
      const builtAt = new Date(sourcesAt.getTime() + bundleAge * 1000);
      await utimes(join(root, 'dist', 'node', 'reference-server.mjs'), builtAt, builtAt);
    }
    return root;
  }

  it('runs the reference server over stdio with this Node, from its bundle when that is newer than its sources', async () => {
    const root = await checkout(60);
    const entry = referenceServerEntry(['--resources', '3'], root);
    expect(entry.command).toBe(process.execPath);
    expect(entry.args).toEqual([join(root, 'dist', 'node', 'reference-server.mjs'), '--transport', 'stdio', '--resources', '3']);
    expect(entry.cwd).toBe(root);
  });

  it('runs the sources with tsx when there is no bundle, or a source changed after it was built', async () => {
    // tsx resolves from the real checkout's package.json; the temporary one has no node_modules.
    for (const root of [await checkout(undefined), await checkout(-60)]) {
      await symlink(join(projectRoot(), 'node_modules'), join(root, 'node_modules'));
      const entry = referenceServerEntry([], root);
      expect(entry.args?.slice(0, 2)).toEqual(['--import', expect.stringMatching(/^file:.*tsx.*loader\.mjs$/)]);
      expect(entry.args?.slice(2)).toEqual([join(root, 'reference-server', 'main.ts'), '--transport', 'stdio']);
    }
  });

  it('ignores tests changed after the bundle: they are not in it', async () => {
    const root = await checkout(60);
    await writeFile(join(root, 'reference-server', 'main.test.ts'), '');
    expect(referenceServerEntry([], root).args?.[0]).toBe(join(root, 'dist', 'node', 'reference-server.mjs'));
  });
});
