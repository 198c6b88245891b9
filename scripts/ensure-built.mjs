// Builds the renderer (vite) when dist/renderer is missing or older than its sources, and the Node bundles
// (scripts/build-node.mjs) likewise, so `npm run web` and `npm start` always run what the checkout contains.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeBundlesBuilt } from './build-node.mjs';
import { newestMtime } from './source-mtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist', 'renderer', 'index.html');
/** What the renderer bundle is made of. */
const SOURCES = ['renderer', 'shared', 'package.json'];

/** Why the renderer needs building, or null when dist/renderer is current. */
export function rendererStaleness(projectRoot = root) {
  const index = path.join(projectRoot, 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) return 'dist/renderer is missing';
  const builtAt = statSync(index).mtimeMs;
  const sourcesAt = Math.max(...SOURCES.map(s => newestMtime(path.join(projectRoot, s))));
  return sourcesAt > builtAt ? 'renderer sources changed since the last build' : null;
}

function buildRenderer() {
  const vitePackage = createRequire(path.join(root, 'package.json')).resolve('vite/package.json');
  const viteBin = path.join(path.dirname(vitePackage), JSON.parse(readFileSync(vitePackage, 'utf8')).bin.vite);
  const result = spawnSync(process.execPath, [viteBin, 'build', '--config', path.join(root, 'renderer', 'vite.config.mts')], {
    cwd: root,
    // stdout stays clean for the `Open:` line of whatever runs after us.
    stdio: ['ignore', process.stderr, process.stderr]
  });
  if (result.status !== 0) throw new Error(`Renderer build failed (vite exited with ${result.status ?? result.signal})`);
}

function ensureRendererBuilt() {
  const reason = rendererStaleness();
  if (!reason) return false;
  console.error(`Building the renderer: ${reason}…`);
  buildRenderer();
  if (!existsSync(builtIndex)) throw new Error(`The renderer build did not produce ${builtIndex}`);
  return true;
}

/** Everything browser mode runs: the renderer and the Node bundles, each rebuilt only when stale. */
export async function ensureBuilt() {
  ensureRendererBuilt();
  await ensureNodeBundlesBuilt();
}

// Vitest's global setup needs only the Node bundles: its tests launch the processes, not the page.
export { ensureNodeBundlesBuilt };

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await ensureBuilt();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
