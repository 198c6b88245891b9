// Bundles the Node entry points that are launched as processes (browser mode, the reference server, the CLI and
// the conformance suite's client) with esbuild into dist/node as ES modules. A bundle starts in about a fifth of
// the CPU time that tsx takes to compile the same sources on every launch (bridge: 0.5 s against 2.5 s), and every
// test, bench, conformance scenario and fleet of stdio servers launches them many times. Each bundle is rebuilt
// when a source is newer than it: `node scripts/build-node.mjs --if-stale` does only that.
import { build } from 'esbuild';
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './source-mtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'dist', 'node');

/** What each bundle is made of: its entry and the folders (and files) whose change makes it stale. */
const NODE_BUNDLES = [
  { name: 'bridge', entry: 'electron/bridge/main.ts', sources: ['electron', 'shared', 'package.json'] },
  // Split: its HTTP half (the web stack and the sign-in server, three quarters of its code) is a chunk loaded only
  // for `--transport http`, so a stdio start parses a quarter of it (a fleet of fifty starts each time).
  { name: 'reference-server', entry: 'reference-server/main.ts', sources: ['reference-server', 'package.json'], split: true },
  { name: 'cli', entry: 'electron/cli/main.ts', sources: ['electron', 'shared', 'package.json'] },
  { name: 'conformance-client', entry: 'electron/cli/conformance-client.ts', sources: ['electron', 'shared', 'package.json'] }
];

export const bundlePath = name => path.join(outDir, `${name}.mjs`);

function staleness(bundle) {
  const out = bundlePath(bundle.name);
  if (!existsSync(out)) return `dist/node/${bundle.name}.mjs is missing`;
  const sourcesAt = Math.max(...bundle.sources.map(s => newestMtime(path.join(root, s))));
  return sourcesAt > statSync(out).mtimeMs ? `its sources changed since dist/node/${bundle.name}.mjs was built` : null;
}

async function bundle({ name, entry, split }) {
  // Chunk names carry a hash: the last build's would pile up beside the new ones.
  if (split) await rm(path.join(outDir, `${name}-chunks`), { recursive: true, force: true });
  const output = split
    ? { entryPoints: { [name]: path.join(root, entry) }, outdir: outDir, splitting: true, chunkNames: `${name}-chunks/[name]-[hash]`, outExtension: { '.js': '.mjs' } }
    : { entryPoints: [path.join(root, entry)], outfile: bundlePath(name) };
  return build({
    ...output,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // ws's optional native speed-ups are not installed; the packages that stay CommonJS inside need `require`.
    external: ['bufferutil', 'utf-8-validate'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" }
  });
}

/** Rebuilds the bundles whose sources changed. */
export async function ensureNodeBundlesBuilt() {
  const stale = NODE_BUNDLES.map(b => ({ bundle: b, reason: staleness(b) })).filter(s => s.reason);
  for (const { bundle: b, reason } of stale) console.error(`Bundling ${b.entry}: ${reason}…`);
  await Promise.all(stale.map(s => bundle(s.bundle)));
}

/** Rebuilds every bundle. */
async function buildNodeBundles() {
  await Promise.all(NODE_BUNDLES.map(bundle));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  (ifStale ? ensureNodeBundlesBuilt() : buildNodeBundles()).then(
    () => ifStale || console.error(`Node entries bundled to ${path.relative(root, outDir)}`),
    err => {
      console.error(err);
      process.exit(1);
    }
  );
}
