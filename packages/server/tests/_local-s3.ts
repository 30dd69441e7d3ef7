import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';

/** s3rver's fixed credentials: it checks request signatures against them. */
const KEY = 'S3RVER';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Settings for a store in this bucket under its own prefix (tests and instances share the bucket). */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  /** The environment a Tertulia process needs to use this bucket (MEDIA_STORE=s3 ...). */
  env(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server in this process (s3rver, files under a temp dir), for the media
 * store's contract tests, the two-instance browser suite and the benchmarks.
 */
export async function startLocalS3(bucket = 'tertulia-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: KEY,
    secretAccessKey: KEY,
    forcePathStyle: true,
    prefix: `t-${randomBytes(5).toString('hex')}/`,
    signedUrlSeconds: 0,
    cacheBytes: 0,
    ...overrides,
  });
  return {
    endpoint,
    bucket,
    settings,
    env: (prefix) => ({
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: prefix,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
