import fs from 'node:fs';
import path from 'node:path';
import { dropSchema, testConfig } from '../../../tests/_util';
import { createDb, type Db, migrateToLatest } from '../../db/index';
import { type DiskMediaStore, diskStoreFor } from '../storage';
import { createVideoPipeline, type VideoPipeline } from './pipeline';

/** For the video tests (video.test.ts, mp4-header.test.ts): logs nothing. */
export const quiet = { warn() {}, error() {} };

/** A file on disk as the upload route hands it to the pipeline. */
export const asUpload = (file: string) => ({
  filename: path.basename(file),
  mimetype: 'video/mp4',
  path: file,
  size: fs.statSync(file).size,
});

export interface PipelineUnderTest {
  db: Db;
  media: DiskMediaStore;
  video: VideoPipeline;
}

/**
 * A video pipeline on a migrated database of `dialect` and a disk store in its own folder, one
 * transcode at a time: `open` in a beforeAll, `close` in the afterAll.
 */
export function pipelineFixture(dialect: Parameters<typeof testConfig>[0]) {
  const config = testConfig(dialect, { videoConcurrency: 1 });
  return {
    config,
    async open(): Promise<PipelineUnderTest> {
      const db = await createDb(config);
      await migrateToLatest(db);
      const media = diskStoreFor(config);
      return { db, media, video: createVideoPipeline(db, config, media, quiet) };
    },
    async close(db: Db | undefined): Promise<void> {
      await db?.destroy();
      await dropSchema(config);
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
