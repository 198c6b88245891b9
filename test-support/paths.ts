// Where things are, for tests, e2e fixtures and benchmarks that spawn the app's own entry points with the
// current Node. The root is the app's own finder (projectRoot): it works under happy-dom too, where
// `new URL(relative, import.meta.url)` gives no file URL. How the reference server is launched is not here:
// that is the app's referenceServerEntry (see test-support/reference-server/launch.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../electron/engine/config/default-server';

export const PROJECT_ROOT = projectRoot();
/**
 * Entry points as bundles (scripts/build-node.mjs), which the global setups of Vitest and e2e and the benches keep
 * current: browser mode as `npm run web` runs it, and the CLI.
 */
export const BRIDGE_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'node', 'bridge.mjs');
export const CLI_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'node', 'cli.mjs');

/** `node --import <this> file.ts` runs TypeScript in one process (the tsx CLI would add a child). */
export const TSX_LOADER = pathToFileURL(createRequire(path.join(PROJECT_ROOT, 'package.json')).resolve('tsx')).href;
