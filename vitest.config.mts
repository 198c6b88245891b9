import { defineConfig } from 'vitest/config';

// Unit and integration tests: engine, shared logic, reference server, bridge. They spawn real
// reference-server processes, so they get generous timeouts and limited parallelism (2 cores).
export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'reference-server/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    environment: 'node',
    globalSetup: ['test-support/vitest-global-setup.ts'],
    // Component tests render translated messages; other tests are untouched (it only configures i18next).
    setupFiles: ['test-support/renderer/i18n-setup.ts']
  }
});
