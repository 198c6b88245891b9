// The CLI with a server that needs sign-in, as a user on a remote box runs it: real CLI processes
// (`npm run -s cli`), real HTTP servers and authorization servers, MCPRB_OPEN_URL=print so the sign-in page is
// printed (`Open in your browser: <url>` on stderr), and the test playing the browser. Two authorization servers:
// the stand-in (test-support/auth/stand-in-authorization-server.ts says why; the "browser" is a plain GET) and the
// reference server's --auth mode (oidc-provider; the "browser" follows its redirects with a cookie jar,
// auto-approved, to the CLI's loopback callback).
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../test-support/auth/stand-in-authorization-server';
import { cleanup, tempDir } from '../../test-support/engine/engine-harness';
import { HttpReferenceServer } from '../../test-support/reference-server/http-server';
import { authorizeHeadless } from '../../test-support/reference-server/oauth-flow';
import { CLI_BUNDLE } from '../../test-support/paths';
import { projectRoot } from '../engine/config/default-server';

let stand: StandIn | undefined;
afterAll(async () => {
  await stand?.close();
  await cleanup();
});

const OPEN_LINE = /^Open in your browser: (\S+)$/gm;

interface SignInRun {
  code: number | null;
  json: unknown;
  stderr: string;
  /** The URLs printed on `Open in your browser:` lines. */
  printed: string[];
}

/** Runs the CLI in `dir` (its config, data and vault); each printed sign-in URL is handed to `browse`. */
function cli(dir: string, args: string[], browse: (url: string) => Promise<unknown>): Promise<SignInRun> {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args, '--config', join(dir, 'config.json'), '--data-dir', dir], {
    cwd: projectRoot(),
    env: { ...process.env, MCPRB_OPEN_URL: 'print', XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a deadline kills the CLI and whatever it started together.
    detached: true
  });
  let stdout = '';
  let stderr = '';
  const printed: string[] = [];
  const browsing: Promise<unknown>[] = [];
  child.stdout.on('data', chunk => (stdout += String(chunk)));
  child.stderr.on('data', chunk => {
    stderr += String(chunk);
    for (const match of stderr.matchAll(OPEN_LINE)) {
      if (printed.includes(match[1])) continue;
      printed.push(match[1]);
      browsing.push(browse(match[1]));
    }
  });
  return new Promise((resolve, reject) => {
    // A deadline for a process that never ends, not a speed check.
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 100_000);
    child.once('exit', code => {
      clearTimeout(timer);
      Promise.all(browsing).then(() => {
        try {
          resolve({ code, json: JSON.parse(stdout), stderr, printed });
        } catch {
          reject(new Error(`CLI printed no JSON (exit ${code}):\n${stdout}\n${stderr}`));
        }
      }, reject);
    });
  });
}

/** Every token in the CLI's vault (`<data dir>/auth/tokens.json`). */
async function vaultTokens(dir: string): Promise<string[]> {
  const found: string[] = [];
  JSON.parse(await readFile(join(dir, 'auth', 'tokens.json'), 'utf8').catch(() => '{}'), (key, value: unknown) => {
    if (['access_token', 'refresh_token', 'id_token'].includes(key) && typeof value === 'string') found.push(value);
    return value;
  });
  return found;
}

describe('CLI sign-in', { timeout: 200_000 }, () => {
  it('signs in before a command that needs it (one printed line), reuses the tokens, logs out and in again', async () => {
    stand = await startStandIn({ user: 'grace' });
    const dir = await tempDir('mrb-cli-auth-');
    await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: { notes: { type: 'http', url: stand.url } } }));
    const browse = (url: string) => fetch(url).then(response => response.text());

    const first = await cli(dir, ['read', 'notes', 'note://secret'], browse);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ contents: [{ text: 'for signed-in eyes' }] });
    expect(first.printed).toHaveLength(1);
    expect(first.stderr.split('\n').filter(line => line.startsWith('Open in your browser: '))).toEqual([`Open in your browser: ${first.printed[0]}`]);

    const again = await cli(dir, ['list', 'notes'], browse);
    expect(again.code, again.stderr).toBe(0);
    expect(again.printed).toEqual([]);
    expect(again.json).toMatchObject({ items: [{ uri: 'note://secret' }] });

    const logout = await cli(dir, ['logout', 'notes'], browse);
    expect(logout.json).toEqual({ signedOut: true, revocation: 'revoked' });
    expect(stand.revoked).toHaveLength(2);

    const login = await cli(dir, ['login', 'notes'], browse);
    expect(login.code, login.stderr).toBe(0);
    expect(login.printed).toHaveLength(1);
    expect(login.json).toMatchObject({ state: 'signed-in', user: 'grace', issuer: stand.issuer });

    const output = [first, again, logout, login].map(run => JSON.stringify(run.json) + run.stderr).join('\n');
    for (const secret of stand.issued) expect(output).not.toContain(secret);
  });

  it('against the reference server (--auth --auth-auto-approve): list completes through the printed URL, read reuses the sign-in, logout revokes it', async () => {
    const server = await HttpReferenceServer.start(['--auth', '--auth-auto-approve', '--auth-user', 'erin']);
    const dir = await tempDir('mrb-cli-auth-ref-');
    await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: { secure: server.configEntry } }));
    const callbacks: { status: number; body: string }[] = [];
    const browse = async (url: string) => {
      const callback = await authorizeHeadless(url, new URL(url).searchParams.get('redirect_uri') ?? '');
      const response = await fetch(callback);
      callbacks.push({ status: response.status, body: await response.text() });
    };

    const list = await cli(dir, ['list', 'secure'], browse);
    expect(list.code, list.stderr).toBe(0);
    expect(list.printed).toHaveLength(1);
    const url = new URL(list.printed[0]);
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(server.url);
    // The loopback callback told the browser it worked, and the listing went on.
    expect(callbacks).toEqual([{ status: 200, body: expect.stringContaining('Signed in') }]);
    expect((list.json as { items: { uri: string }[] }).items.map(i => i.uri)).toContain('ref://auth/whoami');
    const tokens = await vaultTokens(dir);
    expect(tokens.length).toBeGreaterThanOrEqual(2);

    // Signed in already: no sign-in page, and the server knows who reads.
    const read = await cli(dir, ['read', 'secure', 'ref://auth/whoami'], browse);
    expect(read.code, read.stderr).toBe(0);
    expect(read.printed).toEqual([]);
    const whoami = read.json as { contents: { text: string }[] };
    expect(JSON.parse(whoami.contents[0].text)).toMatchObject({ user: 'erin', scopes: ['mcp'] });

    const logout = await cli(dir, ['logout', 'secure'], browse);
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.json).toEqual({ signedOut: true, revocation: 'revoked' });
    expect(await vaultTokens(dir)).toEqual([]);

    const outputs = [list, read, logout].map(run => JSON.stringify(run.json) + run.stderr).concat(await readFile(join(dir, 'config.json'), 'utf8'));
    for (const token of tokens) for (const text of outputs) expect(text.includes(token)).toBe(false);
    await server.stop();
  });
});
