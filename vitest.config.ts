import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'packages/*/tests/**/*.test.{ts,tsx}',
      'tools/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'packages/web/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Fails a run of the whole server suite that leaves a contract endpoint untested.
    globalSetup: ['packages/server/tests/_coverage-setup.ts'],
  },
});
