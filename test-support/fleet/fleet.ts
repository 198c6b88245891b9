// Config entries for the broken fleet (broken-server.ts), run with the current Node and tsx.
import path from 'node:path';
import type { StdioServerConfig } from '../../shared/contract';
import { PROJECT_ROOT, nodeTsArgs } from '../paths';

const BROKEN_SERVER = path.join(PROJECT_ROOT, 'test-support', 'fleet', 'broken-server.ts');

export type BrokenMode = 'healthy' | 'exit-after-init' | 'flood' | 'huge-line' | 'big-blob' | 'silent' | 'malformed' | 'wrong-ids';

/** A stdio entry for one broken server; `extra` adds flags such as `--bytes` or `--exit-code`. */
export function brokenServer(mode: BrokenMode, extra: string[] = []): StdioServerConfig {
  return { command: process.execPath, args: nodeTsArgs(BROKEN_SERVER, ['--mode', mode, ...extra]), cwd: PROJECT_ROOT };
}
