import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { recordRequests } from '../_requests';
import { dialects, dropSchema, testConfig, testRedisUrl } from '../_util';
import { listen } from './_push';

/** Two server instances behind one load balancer: one PostgreSQL, one Redis, the same settings. */

const postgres = dialects.find((d) => d.name === 'postgres');

export type Instance = Awaited<ReturnType<typeof buildApp>>;

/** Whether PostgreSQL and Redis are there to run two instances on: `describe.skipIf(!twoInstancesAvailable)`. */
export const twoInstancesAvailable = Boolean(postgres && testRedisUrl);

export interface TwoInstances {
  config: Config;
  a: Instance;
  b: Instance;
  urlA: string;
  urlB: string;
}

/**
 * Registers, in the calling describe, a beforeAll that builds and starts both instances and an
 * afterAll that closes them and drops their schema and data folder. The object it returns is
 * filled in by the beforeAll: read its fields inside the tests, not when the describe is defined.
 */
export function twoInstances(): TwoInstances {
  const two = {} as TwoInstances;
  beforeAll(async () => {
    two.config = testConfig(postgres!, { redisUrl: testRedisUrl });
    two.a = await buildApp(two.config);
    two.b = await buildApp(two.config);
    recordRequests(two.a.app);
    recordRequests(two.b.app);
    two.urlA = await listen(two.a.app);
    two.urlB = await listen(two.b.app);
  });
  afterAll(async () => {
    await Promise.all([two.a?.app.close(), two.b?.app.close()]);
    if (!two.config) return;
    await dropSchema(two.config);
    fs.rmSync(two.config.dataDir, { recursive: true, force: true });
  });
  return two;
}
