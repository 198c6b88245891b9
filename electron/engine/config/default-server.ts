// The embedded default: on first start (no config file) the bundled reference server is configured
// as the stdio server `reference`. It runs on the current Node (or Electron as Node): from its esbuild bundle
// (dist/node/reference-server.mjs, made by scripts/build-node.mjs) when that is newer than its sources, else
// from the sources with tsx, so it needs nothing beyond this checkout either way.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/**
 * The newest modification time of the files below `path` (tests left out: they are not in the bundle). The same
 * rule as scripts/source-mtime.mjs, which builds the bundle; the engine may not import scripts/.
 */
function newestSourceMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) ? 0 : info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map(child => newestSourceMtime(join(path, child))));
}

/** The reference server's bundle, if it holds what its sources say now (an edit after the build makes it stale). */
function currentReferenceBundle(root: string): string | undefined {
  const bundle = join(root, 'dist', 'node', 'reference-server.mjs');
  const builtAt = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) return undefined;
  const sourcesAt = Math.max(newestSourceMtime(join(root, 'reference-server')), newestSourceMtime(join(root, 'package.json')));
  return sourcesAt > builtAt ? undefined : bundle;
}

/** How to launch the bundled reference server over stdio with the running Node/Electron binary. */
export function referenceServerEntry(extraArgs: string[] = [], root = projectRoot()): StdioServerConfig {
  const bundle = currentReferenceBundle(root);
  const program = bundle
    ? [bundle]
    : ['--import', pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href, join(root, 'reference-server', 'main.ts')];
  const entry: StdioServerConfig = { command: process.execPath, args: [...program, '--transport', 'stdio', ...extraArgs], cwd: root };
  // Under Electron, process.execPath is the Electron binary: make it behave as plain Node.
  if (process.versions.electron) entry.env = { ELECTRON_RUN_AS_NODE: '1' };
  return entry;
}
