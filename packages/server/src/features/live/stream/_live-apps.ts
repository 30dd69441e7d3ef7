import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../../tests/_local-s3';
import { type Dialect, sameDatabaseApp, type TestApp, testApp } from '../../../../tests/_util';
import { listen } from '../../../../tests/flows/_push';
import { mediaStoreFor } from '../../../media/storage';
import { generatedWebm } from './_live-test';

/** Short drop and keep times, so the drop tests wait seconds, not the real 10 s (docs/live.md). */
export const DROP_MS = 3000;
export const KEEP_MS = 3000;

/**
 * Two instances on one database and one bucket (s3rver): a segment one writes reaches the other
 * only through the media store, as on two machines.
 */
export function twoInstances(dialect: Dialect) {
  const env = {
    s3: undefined as unknown as LocalS3,
    a: undefined as unknown as TestApp,
    b: undefined as unknown as Awaited<ReturnType<typeof sameDatabaseApp>>,
    baseA: '',
    baseB: '',
    media: () => mediaStoreFor(env.a.config),
  };
  beforeAll(async () => {
    // Made before any socket opens: ffmpeg run synchronously would stall the servers' timers.
    generatedWebm();
    env.s3 = await startLocalS3();
    env.a = await testApp(dialect, {
      media: { s3: env.s3.settings() },
      // Both instances hash sessions with one key, as on two machines (http/secret.ts).
      secretKey: 'live-test-secret',
      liveStream: { dropMs: DROP_MS, keepMs: KEEP_MS },
    });
    env.baseA = await listen(env.a.app);
    // On PostgreSQL each instance gets a data folder of its own; SQLite's database file lives in
    // the data folder, so there they share it (media go to the bucket either way).
    const dataDir = dialect.url
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-test-b-'))
      : env.a.config.dataDir;
    env.b = await sameDatabaseApp({ ...env.a.config, dataDir });
    env.baseB = await listen(env.b.app);
  }, 120_000);
  afterAll(async () => {
    if (!env.a) return;
    await env.b.app.close();
    await env.a.close();
    await env.s3.close();
  });
  return env;
}
