import fs from 'node:fs';
import path from 'node:path';
import { allEndpoints } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import type { RequestRecord } from './_coverage';

/**
 * The request log behind the contract coverage check (tests/_coverage-setup.ts): every app a test
 * builds records which contract endpoint each request reached, its status and the test file that
 * made it, into the run's directory (one file per test process; read by tests/_coverage.ts).
 * Outside a run that set up the directory (another vitest config) nothing is recorded.
 */

const CONTRACT = new Set(allEndpoints.map((e) => `${e.method} ${e.path}`));
const ROOT = path.resolve(import.meta.dirname, '../../..');

function logDir(): string {
  try {
    return inject('requestLogDir') ?? '';
  } catch {
    return '';
  }
}

let target: string | undefined;
const written = new Set<string>();

function record(method: string, url: string | undefined, status: number) {
  if (!url || !CONTRACT.has(`${method} ${url}`)) return;
  target ??= logDir() && path.join(logDir(), `${process.pid}.jsonl`);
  if (!target) return;
  const testPath = expect.getState().testPath;
  const file = testPath ? path.relative(ROOT, testPath).split(path.sep).join('/') : 'unknown';
  const key = `${method} ${url} ${status} ${file}`;
  if (written.has(key)) return;
  written.add(key);
  // Written at once (and only the first time): a test process may end without running exit hooks.
  const line: RequestRecord = { method, path: url, status, file };
  fs.appendFileSync(target, `${JSON.stringify(line)}\n`);
}

/** Adds the recording hook to an app built for a test. */
export function recordRequests(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    record(request.method, request.routeOptions.url, reply.statusCode);
    done();
  });
}
