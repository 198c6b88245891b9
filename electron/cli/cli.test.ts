// The CLI as users run it: a real process on the real engine, talking to real reference servers.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot, referenceServerEntry } from '../engine/config/default-server';
import { cleanup, crashingStdio, tempDir } from '../../test-support/engine/engine-harness';
import { HttpReferenceServer } from '../../test-support/reference-server/http-server';

afterAll(cleanup);

const root = projectRoot();

interface CliRun {
  code: number;
  json: unknown;
  stderr: string;
}

let home: string | undefined;

/** Runs the CLI with a private config/data home shared by this file's runs (as a user's would be). */
async function cli(args: string[]): Promise<CliRun> {
  const dir = (home ??= await tempDir('mrb-cli-'));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'electron/cli/main.ts'), '--data-dir', dir, ...args],
      { cwd: root, env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir }, timeout: 100_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        try {
          resolve({ code, json: JSON.parse(stdout), stderr });
        } catch {
          reject(new Error(`CLI printed no JSON (exit ${code}):\n${stdout}\n${stderr}`));
        }
      }
    );
  });
}

function shellQuote(parts: string[]): string {
  return parts.map(p => `'${p.replace(/'/g, `'\\''`)}'`).join(' ');
}

// Each case starts several CLI processes, each spawning servers: generous limits for a busy 2-core machine.
describe('CLI', { timeout: 120_000 }, () => {
  it('lists and reads from configured servers, and shows per-server status', async () => {
    const dir = await tempDir();
    const config = join(dir, 'servers.json');
    await writeFile(config, JSON.stringify({ mcpServers: { ref: referenceServerEntry(['--resources', '30']), broken: crashingStdio() } }));
    const [servers, list, read] = await Promise.all([
      cli(['servers', '--config', config]),
      cli(['list', 'ref', '--config', config]),
      cli(['read', 'ref', 'ref://catalog/0', 'ref://catalog/999999', '--config', config])
    ]);
    expect(servers.code).toBe(0);
    expect(servers.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'ref', status: 'connected', era: 'modern' }),
        expect.objectContaining({ id: 'broken', status: 'error', lastError: expect.objectContaining({ code: 'transport' }) })
      ])
    );
    expect(list.code).toBe(0);
    expect((list.json as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(30);
    // One good and one missing resource: both reported, exit code 1.
    expect(read.code).toBe(1);
    expect(read.json).toEqual([
      expect.objectContaining({ uri: 'ref://catalog/0', contents: [expect.objectContaining({ uri: 'ref://catalog/0' })] }),
      { uri: 'ref://catalog/999999', error: expect.objectContaining({ code: 'not_found' }) }
    ]);
  });

  it('talks to ad hoc servers given with --stdio and --url, including templates', async () => {
    const http = await HttpReferenceServer.start(['--resources', '12']);
    const stdio = referenceServerEntry(['--resources', '7']);
    const [viaStdio, viaUrl] = await Promise.all([cli(['list', '--stdio', shellQuote([stdio.command, ...(stdio.args ?? [])])]), cli(['templates', '--url', http.url])]);
    expect(viaStdio.code).toBe(0);
    expect(viaStdio.json).toMatchObject({ serverId: 'adhoc' });
    expect((viaStdio.json as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(7);
    expect(viaUrl.code).toBe(0);
    expect((viaUrl.json as { items: { uriTemplate: string }[] }).items.length).toBeGreaterThan(0);
  });

  it('imports servers from a VS Code file into the config, reporting what it skipped', async () => {
    const dir = await tempDir();
    const config = join(dir, 'servers.json');
    const vscode = join(dir, 'mcp.json');
    await writeFile(config, JSON.stringify({ mcpServers: {} }));
    await writeFile(
      vscode,
      JSON.stringify({
        servers: {
          docs: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
          local: { command: 'node', args: ['server.js'], envFile: '${workspaceFolder}/.env' }
        }
      })
    );
    const imported = await cli(['import', vscode, '--config', config]);
    expect(imported.code).toBe(0);
    expect(imported.json).toMatchObject({ imported: ['docs'], skipped: [expect.objectContaining({ name: 'local' })] });
    const saved = JSON.parse(await readFile(config, 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(saved.mcpServers.docs).toEqual({ type: 'http', url: 'http://127.0.0.1:9/mcp' });
    expect(saved.mcpServers.local).toBeUndefined();
  });

  it('fails with a JSON error and a non-zero exit code', async () => {
    const [usage, unknown, unreachable] = await Promise.all([
      cli(['list']),
      cli(['list', 'nope', '--config', join(root, 'no-such-config.json')]),
      cli(['list', '--url', 'http://127.0.0.1:9/mcp', '--timeout', '3000'])
    ]);
    expect(usage).toMatchObject({ code: 2, json: { error: { code: 'invalid_params', message: expect.stringMatching(/needs a server name/) } } });
    expect(unknown).toMatchObject({ code: 1, json: { error: { code: 'unknown_server' } } });
    expect(unreachable).toMatchObject({ code: 1, json: { error: { code: 'transport' } } });
  });
});
