// The server as a process: bad flags exit with code 2, and SIGINT/SIGTERM shut it down cleanly, removing the
// temporary sandbox directory it created.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { spawnReferenceServer } from '../test-support/reference-server/launch';

/** Runs the server with `args` (after the launch entry's own flags) and resolves with its exit code and stderr once it exits by itself. */
function runToExit(args: string[], timeoutMs = 20_000): Promise<{ code: number | null; stderr: string }> {
  const child = spawnReferenceServer(args, ['ignore', 'ignore', 'pipe']);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.once('exit', code => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('bad flags', () => {
  it.each([
    [['--transport', 'pigeon'], /--transport must be one of stdio, http/],
    [['--port', '70000'], /--port must be between 0 and 65535/],
    [['--frobnicate'], /Unknown option '--frobnicate'/]
  ])('%j exits with code 2 and says why', async (args, message) => {
    const { code, stderr } = await runToExit(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe('shutdown', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('%s exits with code 0 and removes the temporary sandbox', async signal => {
    const server = await HttpReferenceServer.start(['--resources', '5']);
    try {
      const sandbox = /file sandbox at (\S+)/.exec(server.stderr())?.[1];
      expect(sandbox, 'the server prints its sandbox path').toBeDefined();
      expect(existsSync(sandbox!)).toBe(true);
      const exited = new Promise<number | null>(resolve => server.child.once('exit', code => resolve(code)));
      server.child.kill(signal);
      expect(await exited).toBe(0);
      expect(server.stderr()).toContain(`${signal}: shutting down`);
      expect(existsSync(sandbox!)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
