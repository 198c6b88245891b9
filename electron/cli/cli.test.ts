// The CLI as users run it: a real process on the real engine, talking to real reference servers.
import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot, referenceServerEntry } from '../engine/config/default-server';
import { cleanup, crashingStdio, tempDir } from '../../test-support/engine/engine-harness';
import { brokenServer } from '../../test-support/fleet/fleet';
import { HttpReferenceServer } from '../../test-support/reference-server/http-server';
import { CLI_BUNDLE } from '../../test-support/paths';

afterAll(cleanup);

const root = projectRoot();

interface CliRun {
  code: number;
  json: unknown;
  stdout: string;
  stderr: string;
}

let home: string | undefined;

/** Runs the CLI with a private config/data home shared by this file's runs (as a user's would be). */
async function cli(args: string[]): Promise<CliRun> {
  const dir = (home ??= await tempDir('mrb-cli-'));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI_BUNDLE, '--data-dir', dir, ...args],
      { cwd: root, env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir }, timeout: 100_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        try {
          resolve({ code, json: JSON.parse(stdout), stdout, stderr });
        } catch {
          reject(new Error(`CLI printed no JSON (exit ${code}):\n${stdout}\n${stderr}`));
        }
      }
    );
  });
}

interface WatchRun {
  lines: Record<string, unknown>[];
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Runs `watch` until `enough(lines)`, then interrupts it with `signal` and waits for it to exit. The lines are
 * every stdout line, each parsed as JSON (a line that is not JSON fails the test).
 */
async function watchUntil(args: string[], enough: (lines: Record<string, unknown>[]) => boolean, signal: NodeJS.Signals = 'SIGINT'): Promise<WatchRun> {
  const dir = (home ??= await tempDir('mrb-cli-'));
  const child = spawn(process.execPath, [CLI_BUNDLE, '--data-dir', dir, 'watch', ...args], {
    cwd: root,
    env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  let pending = '';
  let interrupted = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as Record<string, unknown>);
    if (!interrupted && enough(lines)) {
      interrupted = true;
      child.kill(signal);
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const [code, exitSignal] = await new Promise<[number | null, NodeJS.Signals | null]>(resolve => child.once('exit', (c, s) => resolve([c, s])));
  clearTimeout(timer);
  return { lines, code, signal: exitSignal, stderr };
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

  it('prints the hidden characters a server sent as escapes: the same JSON, nothing raw for the terminal to act on', async () => {
    const hostile = brokenServer('hostile-names');
    const run = await cli(['list', '--stdio', shellQuote([hostile.command, ...(hostile.args ?? [])])]);
    expect(run.code).toBe(0);
    const items = (run.json as { items: { uri: string; name: string }[] }).items;
    expect(items.map(i => i.name)).toContain('invoice\u202efdp.exe');
    expect(items.map(i => i.name)).toContain('ansi \u001b[31mred\u001b[0m');
    expect(run.stdout).toContain('invoice\\u202efdp.exe');
    expect(run.stdout).toContain('cat\\u200balog');
    // Nothing raw: no control character but the layout's line ends, no invisible or bidirectional one.
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2066-\u2069]/);
  });

  it('completes a template argument, with the other arguments as context', async () => {
    const dir = await tempDir();
    const config = join(dir, 'servers.json');
    await writeFile(config, JSON.stringify({ mcpServers: { ref: referenceServerEntry() } }));
    const template = 'ref://users/{org}/{user}/profile';
    const [org, user, unknown] = await Promise.all([
      cli(['complete', 'ref', template, 'org', 'g', '--config', config]),
      cli(['complete', 'ref', template, 'user', 'ada', '--context', 'org=acme', '--config', config]),
      cli(['complete', 'ref', 'ref://nope/{x}', 'x', '--config', config])
    ]);
    expect(org).toMatchObject({ code: 0, json: { values: ['globex'], total: 1, hasMore: false } });
    expect(user.code).toBe(0);
    const values = (user.json as { values: string[] }).values;
    expect(values.length).toBeGreaterThan(0);
    expect(values.every(v => v.startsWith('ada'))).toBe(true);
    expect(unknown).toMatchObject({ code: 1, json: { error: { code: 'invalid_params', rpcCode: -32602 } } });
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('watches until %s: a JSON line per update, then a clean exit', async signal => {
    const dir = await tempDir();
    const config = join(dir, 'servers.json');
    await writeFile(config, JSON.stringify({ mcpServers: { ref: referenceServerEntry(['--update-interval-ms', '200', '--resources', '5']) } }));
    const updates = (lines: Record<string, unknown>[]) => lines.filter(l => l.type === 'updated');
    const run = await watchUntil(['ref', 'ref://live/clock', 'ref://no/such/thing', '--config', config], lines => updates(lines).length >= 2, signal);
    expect(run).toMatchObject({ code: 0, signal: null });
    expect(updates(run.lines).length).toBeGreaterThanOrEqual(2);
    for (const line of updates(run.lines)) expect(line).toEqual({ type: 'updated', serverId: 'ref', uri: 'ref://live/clock', at: expect.any(Number) });
    // Each watch's state, once: the clock honoured, the unknown URI refused with the server's reason.
    const states = run.lines.filter(l => l.type === 'watch');
    expect(states).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uri: 'ref://live/clock', status: 'active' }),
        expect.objectContaining({ uri: 'ref://no/such/thing', status: 'refused', error: expect.objectContaining({ message: expect.any(String) }) })
      ])
    );
  });

  it('fails a watch of nothing the server will watch, saying why', async () => {
    const dir = await tempDir();
    const config = join(dir, 'servers.json');
    await writeFile(config, JSON.stringify({ mcpServers: { ref: referenceServerEntry(['--era', 'legacy']) } }));
    const run = await watchUntil(['ref', 'ref://no/such/thing', '--config', config], () => false);
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([expect.objectContaining({ type: 'watch', uri: 'ref://no/such/thing', mechanism: 'subscribe', status: 'refused', error: expect.objectContaining({ code: 'not_found' }) })]);
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
