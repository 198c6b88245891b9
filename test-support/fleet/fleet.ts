// Config entries for the broken fleet (broken-server.ts): stdio entries, and HTTP servers started here. The
// server runs as plain JavaScript with the current Node: compiled once (esbuild) into a file named by its
// source's hash. Run through tsx instead, eight fleet processes starting at once (and a crash loop restarting)
// kept both cores busy compiling for seconds, which showed as the page's long tasks in the broken-fleet e2e.
import { buildSync } from 'esbuild';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HttpServerConfig, StdioServerConfig } from '../../shared/contract';
import { PROJECT_ROOT } from '../paths';
import { stopChild, waitForLine } from '../processes';

const BROKEN_SERVER = path.join(PROJECT_ROOT, 'test-support', 'fleet', 'broken-server.ts');

let compiled: string | undefined;

/** broken-server.ts as JavaScript, compiled on first use in this process (or found from an earlier run). */
function brokenServerScript(): string {
  if (compiled) return compiled;
  const hash = createHash('sha256').update(readFileSync(BROKEN_SERVER)).digest('hex').slice(0, 16);
  const script = path.join(tmpdir(), `mcprb-broken-server-${hash}.mjs`);
  if (!existsSync(script)) {
    // Written beside and renamed: parallel test workers may compile at once, and none may read half a file.
    const partial = `${script}.${process.pid}.tmp`;
    buildSync({ entryPoints: [BROKEN_SERVER], outfile: partial, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
    renameSync(partial, script);
  }
  compiled = script;
  return script;
}

export type BrokenMode = 'healthy' | 'exit-after-init' | 'flood' | 'huge-line' | 'big-blob' | 'silent' | 'malformed' | 'wrong-ids' | 'hostile-names' | 'huge-items';

/** A stdio entry for one broken server; `extra` adds flags such as `--bytes` or `--exit-code`. */
export function brokenServer(mode: BrokenMode, extra: string[] = []): StdioServerConfig {
  return { command: process.execPath, args: [brokenServerScript(), '--mode', mode, ...extra], cwd: PROJECT_ROOT };
}

export interface BrokenHttpServer {
  entry: HttpServerConfig;
  stop(): Promise<void>;
}

/** One broken server over Streamable HTTP in a process of its own, ready when it prints its URL. */
export async function startBrokenHttpServer(mode: BrokenMode, extra: string[] = []): Promise<BrokenHttpServer> {
  const child = spawn(process.execPath, [brokenServerScript(), '--mode', mode, '--transport', 'http', '--port', '0', ...extra], {
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
