// Config entries for the broken fleet (broken-server.ts), run with the current Node and tsx: stdio entries, and
// HTTP servers started here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { HttpServerConfig, StdioServerConfig } from '../../shared/contract';
import { PROJECT_ROOT, nodeTsArgs } from '../paths';
import { stopChild, waitForLine } from '../processes';

const BROKEN_SERVER = path.join(PROJECT_ROOT, 'test-support', 'fleet', 'broken-server.ts');

export type BrokenMode = 'healthy' | 'exit-after-init' | 'flood' | 'huge-line' | 'big-blob' | 'silent' | 'malformed' | 'wrong-ids';

/** A stdio entry for one broken server; `extra` adds flags such as `--bytes` or `--exit-code`. */
export function brokenServer(mode: BrokenMode, extra: string[] = []): StdioServerConfig {
  return { command: process.execPath, args: nodeTsArgs(BROKEN_SERVER, ['--mode', mode, ...extra]), cwd: PROJECT_ROOT };
}

export interface BrokenHttpServer {
  entry: HttpServerConfig;
  stop(): Promise<void>;
}

/** One broken server over Streamable HTTP in a process of its own, ready when it prints its URL. */
export async function startBrokenHttpServer(mode: BrokenMode, extra: string[] = []): Promise<BrokenHttpServer> {
  const child = spawn(process.execPath, nodeTsArgs(BROKEN_SERVER, ['--mode', mode, '--transport', 'http', '--port', '0', ...extra]), {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'pipe']
  });
  const [, url] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/, 60_000).catch(async err => {
    await stopChild(child);
    throw err;
  });
  child.stderr?.resume();
  return { entry: { type: 'http', url }, stop: () => stopChild(child) };
}
