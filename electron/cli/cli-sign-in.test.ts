// The CLI with a server that needs sign-in, as a user on a remote box runs it: real CLI processes, a real HTTP
// server and authorization server (the stand-in: test-support/auth/stand-in-authorization-server.ts says why),
// MCPRB_OPEN_URL=print so the sign-in page is printed, and the "browser" a plain GET of the printed URL.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../test-support/auth/stand-in-authorization-server';
import { cleanup, tempDir } from '../../test-support/engine/engine-harness';
import { projectRoot } from '../engine/config/default-server';

let stand: StandIn | undefined;
afterAll(async () => {
  await stand?.close();
  await cleanup();
});

interface SignInRun {
  code: number | null;
  json: unknown;
  stderr: string;
  /** The URLs printed on `Open in your browser:` lines. */
  printed: string[];
}

/** Runs the CLI; each printed sign-in URL is opened (a GET that follows the redirect to the CLI's callback). */
function cli(dir: string, args: string[]): Promise<SignInRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot(), 'electron/cli/main.ts'), '--config', join(dir, 'config.json'), '--data-dir', dir, ...args], {
    cwd: projectRoot(),
    env: { ...process.env, MCPRB_OPEN_URL: 'print', XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe']
  });
  let stdout = '';
  let stderr = '';
  const printed: string[] = [];
  child.stdout.on('data', chunk => (stdout += String(chunk)));
  child.stderr.on('data', chunk => {
    stderr += String(chunk);
    for (const match of stderr.matchAll(/^Open in your browser: (\S+)\n/gm)) {
      if (printed.includes(match[1])) continue;
      printed.push(match[1]);
      void fetch(match[1]).then(response => response.text());
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', code => {
      clearTimeout(timer);
      try {
        resolve({ code, json: JSON.parse(stdout), stderr, printed });
      } catch {
        reject(new Error(`CLI printed no JSON (exit ${code}):\n${stdout}\n${stderr}`));
      }
    });
  });
}

describe('CLI sign-in', () => {
  it('signs in before a command that needs it (one printed line), reuses the tokens, logs out and in again', async () => {
    stand = await startStandIn({ user: 'grace' });
    const dir = await tempDir('mrb-cli-auth-');
    await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: { notes: { type: 'http', url: stand.url } } }));

    const first = await cli(dir, ['read', 'notes', 'note://secret']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ contents: [{ text: 'for signed-in eyes' }] });
    expect(first.printed).toHaveLength(1);
    expect(first.stderr.split('\n').filter(line => line.startsWith('Open in your browser: '))).toEqual([`Open in your browser: ${first.printed[0]}`]);

    const again = await cli(dir, ['list', 'notes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.printed).toEqual([]);
    expect(again.json).toMatchObject({ items: [{ uri: 'note://secret' }] });

    const logout = await cli(dir, ['logout', 'notes']);
    expect(logout.json).toEqual({ signedOut: true, revocation: 'revoked' });
    expect(stand.revoked).toHaveLength(2);

    const login = await cli(dir, ['login', 'notes']);
    expect(login.code, login.stderr).toBe(0);
    expect(login.printed).toHaveLength(1);
    expect(login.json).toMatchObject({ state: 'signed-in', user: 'grace', issuer: stand.issuer });

    const output = [first, again, logout, login].map(run => JSON.stringify(run.json) + run.stderr).join('\n');
    for (const secret of stand.issued) expect(output).not.toContain(secret);
    // Four CLI processes, each starting Node with tsx: a deadline for a loaded 2-core machine, not a speed check.
  }, 120_000);
});
