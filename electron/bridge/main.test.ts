// `npm run web`'s entry as a real process, from its bundle as `npm run web` runs it (Vitest's global setup keeps
// it current): the one stdout line of the QA contract, a real port for --port 0, clean shutdown on SIGTERM, and
// refusals that exit with a message instead of listening.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BRIDGE_BUNDLE } from '../../test-support/paths';

let dir: string;
let configPath: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-main-'));
  configPath = path.join(dir, 'config.json');
  await writeFile(configPath, '{"mcpServers":{}}');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function runWeb(args: string[], untilOpen: boolean) {
  const child = spawn(process.execPath, [BRIDGE_BUNDLE, ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir }
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk));
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
  const opened = untilOpen
    ? new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => stdout.includes('\n') && resolve());
        void exited.then(() => reject(new Error(`exited early: ${stderr}`)));
      })
    : Promise.resolve();
  return { child, exited, opened, out: () => stdout, err: () => stderr };
}

describe('npm run web (electron/bridge/main.ts)', () => {
  it('prints exactly one stdout line, Open: <url> with the real port and token, and stops on SIGTERM', async () => {
    const web = runWeb(['--port', '0', '--no-open', '--config', configPath, '--data-dir', dir], true);
    await web.opened;
    const match = /^Open: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[\w-]{40,})\n$/.exec(web.out());
    expect(match, web.out()).not.toBeNull();
    expect(Number(match![2])).toBeGreaterThan(0);
    const page = await fetch(match![1]);
    expect(page.status).not.toBe(401);
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
    expect(web.out().split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('refuses a non-loopback bind without --unsafe-expose, loudly and without listening', async () => {
    const web = runWeb(['--port', '0', '--no-open', '--host', '0.0.0.0', '--config', configPath, '--data-dir', dir], false);
    expect(await web.exited).toBe(2);
    expect(web.out()).toBe('');
    expect(web.err()).toMatch(/Refusing to listen on "0\.0\.0\.0".*--unsafe-expose/s);
  });

  it('rejects unknown options with the usage', async () => {
    const web = runWeb(['--prot', '1'], false);
    expect(await web.exited).toBe(2);
    expect(web.err()).toMatch(/Unknown option '--prot'[\s\S]*Usage: npm run web/);
  });
});
