import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allEndpoints } from '@tertulia/contract';
import type { TestProject } from 'vitest/node';
import { readRequestLog, untested } from './_coverage';

/**
 * Vitest global setup: gives the run a directory for the request logs of its test processes and,
 * after the last test file, fails the run when a contract endpoint was never answered with success
 * to a server test. It checks only when every server test file ran in full (so running one file,
 * a -t filter or watch mode never reports coverage), whether or not other tests failed. A throw
 * here would only be logged by vitest (4.1) and the run would exit 0: setting the exit code is what
 * fails `npx vitest run` and `npm test`.
 */

const SERVER = path.resolve(import.meta.dirname, '..');
const LOGS = path.join(os.tmpdir(), 'tertulia-coverage');
const DAY_MS = 24 * 3600 * 1000;

export default function setup(project: TestProject) {
  fs.mkdirSync(LOGS, { recursive: true });
  // Runs killed before their teardown leave their directory behind: cleared after a day.
  for (const name of fs.readdirSync(LOGS)) {
    const old = path.join(LOGS, name);
    if (Date.now() - fs.statSync(old).mtimeMs > DAY_MS) fs.rmSync(old, { recursive: true, force: true });
  }
  const dir = fs.mkdtempSync(path.join(LOGS, `${Date.now()}-`));
  project.provide('requestLogDir', dir);
  return async () => {
    try {
      await check(project, dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

async function check(project: TestProject, dir: string) {
  const config = project.vitest.config;
  if (config.watch || config.testNamePattern || config.shard) return;
  const { testFiles } = await project.globTestFiles();
  const server = testFiles.filter((file) => file.startsWith(`${SERVER}${path.sep}`));
  const ran = new Map(project.vitest.state.getFiles().map((file) => [file.filepath, file]));
  if (server.length === 0 || !server.every((file) => ran.has(file))) return;
  const missing = untested(allEndpoints, readRequestLog(dir));
  if (missing.length === 0) return;
  const failed = server.filter((file) => ran.get(file)?.result?.state === 'fail').length;
  console.error(
    [
      '',
      `Contract coverage: ${missing.length} endpoint${missing.length === 1 ? ' was' : 's were'} never answered with success to a server test`,
      '(fuzz and authorization sweeps do not count; see packages/server/tests/_coverage.ts):',
      ...missing.map((e) => `  ${e.method} ${e.path}`),
      ...(failed
        ? [`(${failed} server test files failed: their endpoints may be listed for that reason)`]
        : []),
      '',
    ].join('\n'),
  );
  process.exitCode = 1;
}
