import type { RequestRecord } from './_requests';

/**
 * Which contract endpoints no server test exercises, from the requests the tests made
 * (tests/_requests.ts). Used by the run's teardown (tests/_coverage-setup.ts) and its own test.
 */

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
