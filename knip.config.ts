// knip (`npm run knip`): files, exports and dependencies nothing uses. Entry points it does not find by
// itself are listed here; it reads the others from package.json's scripts (the CLI, the conformance client,
// the reference server), the Vite config (renderer/index.html, renderer/main.tsx), and the Vitest and
// Playwright configs (the tests, e2e specs and fixtures).
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // broken-server.ts is spawned by path (test-support/fleet/fleet.ts), so nothing imports it. Browser mode is
  // launched from its bundle (scripts/build-node.mjs), never by its source path.
  // The screenshots project exists only under SCREENSHOTS=1 (playwright.config.ts), so knip does not see it.
  entry: ['electron/main.ts', 'electron/preload.ts', 'electron/bridge/main.ts', 'scripts/*.mjs', 'bench/*.ts', 'test-support/fleet/broken-server.ts', 'e2e/screenshots/*.shot.ts'],
  project: ['**/*.{ts,tsx,mts,mjs}'],
  vite: { config: ['renderer/vite.config.mts'] },
  vitest: { config: ['vitest.config.mts'] },
  playwright: { config: ['playwright.config.ts'] },
  ignore: [
    // Declarations for the .mjs scripts, read by TypeScript when a .ts file imports a script.
    'scripts/*.d.mts',
    // papaparse's types for the renderer's typecheck, reached through tsconfig.renderer.json's `paths`.
    'renderer/types/papaparse.d.ts'
  ]
};

export default config;
