import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Projects (docs/testing.md): node tests share their worker's module cache; web tests
// (jsdom, stubbed globals, feature registries) keep a fresh module graph per file; with
// PostgreSQL configured, a file's PostgreSQL run is its own project, beside its SQLite run.
const NODE_TESTS = [
  'packages/server/src/**/*.test.ts',
  'packages/server/tests/**/*.test.ts',
  'packages/contract/src/**/*.test.ts',
  // The games SDK's own tests (protocol and client): they were in no project before.
  'packages/games-sdk/src/**/*.test.ts',
  'tools/**/*.test.ts',
];

/** Node test files that run per dialect (tests/_util.ts `dialects`), relative to the root. */
function perDialectFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : perDialectFiles(full);
    if (!entry.name.endsWith('.test.ts')) return [];
    const text = fs.readFileSync(full, 'utf8');
    return /describe\.each\(dialects\)|dialects\.(find|map)\(/.test(text)
      ? [
          path
            .relative(import.meta.dirname, full)
            .split(path.sep)
            .join('/'),
        ]
      : [];
  });
}

function node(
  name: string,
  include: string[],
  dialect: string,
  globalSetup: string[] = [],
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      env: { TEST_DIALECTS: dialect },
      // A server test file builds its own apps on its own database, data dir, Redis prefix and
      // port, and mocks no module: files can share one process and its imports (the app's module
      // graph is most of a file's time), so each worker imports it once, not once per file.
      isolate: false,
      globalSetup,
    },
  };
}

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'packages/web/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, so every
    // file ran one after another. Most files wait on a database, ffmpeg, sockets or timers, so a
    // second worker keeps both cores busy (docs/testing.md has the figures), PostgreSQL files too:
    // each has its own schema, and the migrator looks at that schema only
    // (db/own-schema-introspector.ts), so another file dropping its schema cannot fail it.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      // Every node file runs here, on SQLite, so this project's requests are the whole picture
      // for the contract coverage check (a run of the whole server suite fails on an endpoint
      // no test answered with success).
      node('node', NODE_TESTS, 'sqlite', ['packages/server/tests/_coverage-setup.ts']),
      ...(withPostgres
        ? [
            node(
              'node-postgres',
              ['packages/server', 'tools'].flatMap((dir) =>
                perDialectFiles(path.join(import.meta.dirname, dir)),
              ),
              'postgres',
            ),
          ]
        : []),
      { extends: true, test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
