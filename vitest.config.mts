import { defineConfig } from 'vitest/config';

// Unit and integration tests: engine, shared logic, reference server, bridge. They spawn real
// reference-server processes, so they get generous timeouts and limited parallelism (2 cores).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    globalSetup: ['test-support/vitest-global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'reference-server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node'
        }
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Component tests render translated messages: the page's i18next instance, in English. Only the renderer's
          // tests load it (a fifth of a second per file, in each of the other ~110 files it would be for nothing).
          setupFiles: ['test-support/renderer/i18n-setup.ts']
        }
      }
    ]
  }
});
