// Before any Vitest file: the Node bundles (dist/node) match the sources, so the tests that launch the reference
// server, the CLI or browser mode as processes start them from bundles, as users do, instead of compiling
// TypeScript with tsx on every launch (about 2 s of CPU each, hundreds of launches per run).
import { ensureNodeBundlesBuilt } from '../scripts/ensure-built.mjs';

export default async function globalSetup(): Promise<void> {
  await ensureNodeBundlesBuilt();
}
