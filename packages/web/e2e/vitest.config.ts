import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Playwright journeys against the real server serving the built app (run after `npm run build`). */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['packages/web/e2e/**/*.e2e.test.ts'],
    globalSetup: ['packages/web/e2e/globalSetup.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One browser and one server: journeys run one file at a time.
    fileParallelism: false,
  },
});
