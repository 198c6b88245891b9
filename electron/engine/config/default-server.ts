// The embedded default: on first start (no config file) the bundled reference server is configured
// as the stdio server `reference`. It runs on the current Node (or Electron as Node) with tsx, so it
// needs nothing beyond this checkout.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StdioServerConfig } from '../../../shared/contract';

export const DEFAULT_SERVER_NAME = 'reference';
const PACKAGE_NAME = 'mcp-resource-browser';

function thisFile(): string {
  // Bundled to CommonJS (Electron main) there is no import.meta.url, but __filename exists.
  return typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
}

/** The checkout's root: the nearest ancestor holding this app's package.json. */
export function projectRoot(start = dirname(thisFile())): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
      } catch {
        // An unreadable package.json on the way up is not ours; keep climbing.
      }
    }
    if (dirname(dir) === dir) throw new Error(`Cannot find the ${PACKAGE_NAME} checkout above ${start}`);
  }
}

/** How to launch the bundled reference server over stdio with the running Node/Electron binary. */
export function referenceServerEntry(extraArgs: string[] = []): StdioServerConfig {
  const root = projectRoot();
  const tsxLoader = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;
  const entry: StdioServerConfig = {
    command: process.execPath,
    args: ['--import', tsxLoader, join(root, 'reference-server', 'main.ts'), '--transport', 'stdio', ...extraArgs],
    cwd: root
  };
  // Under Electron, process.execPath is the Electron binary: make it behave as plain Node.
  if (process.versions.electron) entry.env = { ELECTRON_RUN_AS_NODE: '1' };
  return entry;
}
