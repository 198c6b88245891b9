// Bundles the Electron main process and the preload with esbuild into dist/electron as CommonJS:
// Electron loads main.cjs directly, and a sandboxed preload cannot be an ES module.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const defaultOutDir = path.join(root, 'dist', 'electron');

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  // Electron 45 ships Node 22 and Chromium 140.
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // `electron` is provided by the runtime; ws's optional native speed-ups are not installed.
  external: ['electron', 'bufferutil', 'utf-8-validate'],
  // Engine code guards its import.meta.url use with __filename, which exists in CommonJS.
  logOverride: { 'empty-import-meta': 'silent' }
};

export async function buildElectron(outDir = defaultOutDir) {
  await Promise.all([
    build({ ...common, entryPoints: [path.join(root, 'electron', 'main.ts')], outfile: path.join(outDir, 'main.cjs') }),
    build({ ...common, entryPoints: [path.join(root, 'electron', 'preload.ts')], outfile: path.join(outDir, 'preload.cjs') })
  ]);
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildElectron().then(
    dir => console.error(`Electron main and preload bundled to ${path.relative(root, dir)}`),
    err => {
      console.error(err);
      process.exit(1);
    }
  );
}
