// The CLI signing in as a user on a headless box would: `npm run -s cli` against the reference server's --auth
// mode, with MCPRB_OPEN_URL=print so the CLI prints `Open in your browser: <url>` on stderr instead of opening a
// browser. The test plays the browser (fetch with a cookie jar; --auth-auto-approve answers the consent), which
// redirects to the CLI's loopback callback, and the command completes. Real processes, real HTTP throughout.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../engine/config/default-server';
import { cleanup, tempDir } from '../../test-support/engine/engine-harness';
import { HttpReferenceServer } from '../../test-support/reference-server/http-server';
import { authorizeHeadless } from '../../test-support/reference-server/oauth-flow';

afterAll(cleanup);

const OPEN_LINE = /^Open in your browser: (\S+)$/m;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What the loopback callback answered to the "browser", for each sign-in page the CLI asked for. */
  callbacks: { status: number; body: string }[];
}

/**
 * `npm run -s cli -- <args>` with MCPRB_OPEN_URL=print. Each `Open in your browser:` line is followed as a browser
 * would (auto-approved), ending at the CLI's loopback callback.
 */
function cli(args: string[], home: string): Promise<Run> {
  const child = spawn('npm', ['run', '-s', 'cli', '--', ...args, '--data-dir', home], {
    cwd: projectRoot(),
    env: { ...process.env, MCPRB_OPEN_URL: 'print', XDG_CONFIG_HOME: home, XDG_DATA_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  });
  let stdout = '';
  let stderr = '';
  const callbacks: Run['callbacks'] = [];
  const browsing: Promise<void>[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  let followed = 0;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    const lines = [...stderr.matchAll(new RegExp(OPEN_LINE.source, 'gm'))];
    for (const match of lines.slice(followed)) {
      const url = match[1];
      const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
      browsing.push(
        authorizeHeadless(url, redirectUri).then(async callback => {
          const response = await fetch(callback);
          callbacks.push({ status: response.status, body: await response.text() });
        })
      );
    }
    followed = lines.length;
  });
  // A deadline for a process that never ends, not a speed check (the whole group: npm, tsx, the CLI).
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 100_000);
  return new Promise((resolve, reject) =>
    child.once('exit', code => {
      clearTimeout(timer);
      Promise.all(browsing).then(() => resolve({ code, stdout, stderr, callbacks }), reject);
    })
  );
}

async function vaultTokens(home: string): Promise<string[]> {
  const text = await readFile(join(home, 'auth', 'tokens.json'), 'utf8').catch(() => '{}');
  const found: string[] = [];
  JSON.parse(text, (key, value: unknown) => {
    if (['access_token', 'refresh_token', 'id_token'].includes(key) && typeof value === 'string') found.push(value);
    return value;
  });
  return found;
}

describe('CLI sign-in (MCPRB_OPEN_URL=print)', { timeout: 200_000 }, () => {
  it('list signs in through the printed URL and completes; the next command reuses the sign-in; logout revokes it', async () => {
    const server = await HttpReferenceServer.start(['--auth', '--auth-auto-approve', '--auth-user', 'erin']);
    const home = await tempDir('mrb-cli-auth-');
    const config = join(home, 'servers.json');
    await writeFile(config, JSON.stringify({ mcpServers: { secure: server.configEntry } }));

    const list = await cli(['list', 'secure', '--config', config], home);
    expect(list.code, list.stderr).toBe(0);
    // Exactly one sign-in page, and the loopback callback told the browser it worked.
    expect(list.stderr.match(new RegExp(OPEN_LINE.source, 'gm'))).toHaveLength(1);
    const url = new URL(OPEN_LINE.exec(list.stderr)?.[1] ?? '');
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(server.url);
    expect(list.callbacks).toEqual([{ status: 200, body: expect.stringContaining('Signed in') }]);
    const uris = (JSON.parse(list.stdout) as { items: { uri: string }[] }).items.map(i => i.uri);
    expect(uris).toContain('ref://auth/whoami');

    const tokens = await vaultTokens(home);
    expect(tokens.length).toBeGreaterThanOrEqual(2);

    // Signed in already: no sign-in page, and the server knows who is reading.
    const read = await cli(['read', 'secure', 'ref://auth/whoami', '--config', config], home);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).not.toMatch(OPEN_LINE);
    const whoami = JSON.parse(read.stdout) as { contents: { text: string }[] };
    expect(JSON.parse(whoami.contents[0].text)).toMatchObject({ user: 'erin', scopes: ['mcp'] });

    const logout = await cli(['logout', 'secure', '--config', config], home);
    expect(logout.code, logout.stderr).toBe(0);
    expect(JSON.parse(logout.stdout)).toEqual({ signedOut: true, revocation: 'revoked' });
    expect(await vaultTokens(home)).toEqual([]);

    // No token on any output of any run, nor in the config file.
    const outputs = [list, read, logout].flatMap(r => [r.stdout, r.stderr]).concat(await readFile(config, 'utf8'));
    for (const token of tokens) for (const text of outputs) expect(text.includes(token)).toBe(false);
    await server.stop();
  });
});
