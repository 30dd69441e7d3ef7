import fs from 'node:fs';
import path from 'node:path';

/**
 * Which contract endpoints no server test exercises, from the requests the tests made
 * (tests/_requests.ts). Used by the run's teardown (tests/_coverage-setup.ts) and its own test.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory where this run's test processes write their request logs (tests/_requests.ts). */
    requestLogDir: string;
  }
}

/** One line of a request log: a contract endpoint reached by a test file, and the answer's status. */
export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  /** The test file that made the request, from the repository root. */
  file: string;
}

/** Every record written under a run directory. */
export function readRequestLog(dir: string): RequestRecord[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RequestRecord);
}

/**
 * Tests that walk every endpoint with generated values: they prove robustness, not behaviour, so
 * their requests do not make an endpoint tested.
 */
export const SWEEPS = [
  'packages/server/tests/fuzz.test.ts',
  'packages/server/tests/authorization-matrix.test.ts',
];

/** The tests whose requests count: the server's own, minus the sweeps. */
export const countsAsTest = (file: string) => file.startsWith('packages/server/') && !SWEEPS.includes(file);

/** An endpoint is tested when a server test (not a sweep) got a successful answer from it. */
export function untested<E extends { method: string; path: string }>(
  endpoints: E[],
  records: RequestRecord[],
): E[] {
  const answered = new Set(
    records
      .filter((r) => countsAsTest(r.file) && r.status >= 200 && r.status < 300)
      .map((r) => `${r.method} ${r.path}`),
  );
  return endpoints.filter((e) => !answered.has(`${e.method} ${e.path}`));
}
