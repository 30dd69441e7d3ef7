import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, testConfig, testRedisUrl } from '../../../tests/_util';
import { createDb, type Db, migrateToLatest } from '../../db/index';
import { ApiError } from '../../http/errors';
import { originalName } from '../keys';
import { type DiskMediaStore, diskStoreFor } from '../storage';
import { videoJobStore } from './job-store';
import { createVideoPipeline, type VideoPipeline } from './pipeline';
import { asUpload, pipelineFixture, quiet } from './pipeline-fixture';
import { SOURCE_LIMITS, sniffVideo } from './probe';
import type { JobHandler } from './queue';
import { newVideoName, parseRange, videoNameOf } from './serve';
import { corruptMp4, testVideos, textAsMp4, zipBytes } from './test-videos';
import { describeOutput } from './transcode';

/** Every file under a media folder, relative to it. */
function filesUnder(store: DiskMediaStore, prefix: string): string[] {
  const root = store.pathOf(prefix);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('video units', () => {
  it('sniffs containers by their bytes', () => {
    expect(sniffVideo(fs.readFileSync(testVideos.mov()))).toBe('mp4');
    expect(sniffVideo(fs.readFileSync(testVideos.phoneWebm()))).toBe('webm');
    expect(sniffVideo(textAsMp4())).toBeUndefined();
    expect(sniffVideo(zipBytes())).toBeUndefined();
  });

  it('names files by the bucket rule and refuses names that break it', () => {
    expect(newVideoName('story', 9_999)).toMatch(/^video\/1\/story_9999_[0-9a-f]{16}\.mp4$/);
    expect(newVideoName('story', 10_000)).toMatch(/^video\/2\//);
    expect(newVideoName('story', 23_456)).toMatch(/^video\/3\/story_23456_/);
    expect(videoNameOf('3', 'story_23456_0123456789abcdef.mp4')).toBe(
      'video/3/story_23456_0123456789abcdef.mp4',
    );
    expect(videoNameOf('2', 'story_23456_0123456789abcdef.mp4')).toBeUndefined();
    expect(videoNameOf('1', '..%2Fx.mp4')).toBeUndefined();
    expect(videoNameOf('1', 'story_5_short.mp4')).toBeUndefined();
  });

  it('parses byte ranges', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBeNull();
    expect(parseRange('bytes=5-2', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
  });
});

describe.each(dialects)('video pipeline on $name', (dialect) => {
  const fixture = pipelineFixture(dialect);
  const { config } = fixture;
  let db: Db;
  let media: DiskMediaStore;
  let video: VideoPipeline;

  beforeAll(async () => {
    ({ db, media, video } = await fixture.open());
  });
  afterAll(() => fixture.close(db));

  async function produceFrom(file: string, maxSeconds = 30, start = 0) {
    const { inputName } = await video.stage(asUpload(file));
    const name = newVideoName('story', 1);
    const fractions: number[] = [];
    const made = await video.produce(inputName, name, {
      maxSeconds,
      start,
      onProgress: (f) => fractions.push(f),
    });
    await video.remove(inputName);
    return { made, name, fractions, out: await describeOutput('ffprobe', media.pathOf(name)) };
  }

  it('turns a phone WebM, a MOV and a silent MP4 into H.264/AAC MP4 with a poster', async () => {
    for (const file of [testVideos.phoneWebm(), testVideos.mov(), testVideos.silentMp4()]) {
      const { made, out, fractions } = await produceFrom(file);
      expect(out).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
      expect(out.format).toContain('mp4');
      expect(out.seconds).toBeGreaterThan(0.5);
      expect(out.seconds).toBeLessThan(2.6);
      expect(fractions.length).toBeGreaterThan(0);
      expect(await media.has(originalName(made.posterKey))).toBe(true);
    }
    // Portrait stays portrait.
    const portrait = await produceFrom(testVideos.phoneWebm());
    expect(portrait.out.height).toBeGreaterThan(portrait.out.width);
  });

  it('brings 1080p down to 720p and cuts a long video to the story limit', async () => {
    const hd = await produceFrom(testVideos.fullHd());
    expect([hd.out.width, hd.out.height]).toEqual([1280, 720]);
    const long = await produceFrom(testVideos.tooLongForStory(), 30);
    expect(long.out.seconds).toBeGreaterThan(29);
    expect(long.out.seconds).toBeLessThanOrEqual(30.1);
    // The upload dialog's trim: the first 10 seconds skipped.
    const trimmed = await produceFrom(testVideos.tooLongForStory(), 30, 10);
    expect(trimmed.out.seconds).toBeGreaterThan(24);
    expect(trimmed.out.seconds).toBeLessThan(26);
  });

  it('refuses hostile files with a clear reason and keeps nothing', async () => {
    const temp = fs.mkdtempSync(path.join(config.dataDir, 'hostile-'));
    const write = (name: string, data: Buffer) => {
      const file = path.join(temp, name);
      fs.writeFileSync(file, data);
      return file;
    };
    const cases: [string, string][] = [
      [write('texto.mp4', textAsMp4()), 'video.type'],
      [write('archivo.zip', zipBytes()), 'video.type'],
      [write('roto.mp4', corruptMp4()), 'video.unreadable'],
      [testVideos.tenHours(), 'video.tooLong'],
      [testVideos.absurd(), 'video.dimensions'],
    ];
    for (const [file, key] of cases) {
      const error = await video.stage(asUpload(file)).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(ApiError);
      expect((error as ApiError).key, file).toBe(key);
      expect((error as ApiError).status).toBe(400);
    }
    expect(filesUnder(media, 'video/incoming/')).toEqual([]);
    expect(SOURCE_LIMITS.maxSeconds).toBeLessThan(36_000);
  });

  it('never runs more jobs at once than its concurrency, and finishes them all', async () => {
    let now = 0;
    let most = 0;
    const done: number[] = [];
    const handler: JobHandler = {
      async run(job) {
        now++;
        most = Math.max(most, now);
        try {
          await video.produce(job.input_name, newVideoName('story', job.ref_id), { maxSeconds: 30 });
          done.push(job.ref_id);
        } finally {
          now--;
        }
      },
      async failed() {},
    };
    video.queue.handle('bounded', handler);
    await video.queue.start();
    const jobs = videoJobStore(db);
    for (const ref of [11, 12, 13]) {
      const { inputName } = await video.stage(asUpload(testVideos.silentMp4()));
      video.queue.kick(
        await jobs.insert({ kind: 'bounded', refId: ref, ownerId: 1, inputName, now: Date.now() }),
      );
    }
    await video.queue.idle();
    expect(most).toBe(1);
    expect(done.sort()).toEqual([11, 12, 13]);
    await video.queue.close();
  });

  it('runs again, to the end, a job a restart interrupted', async () => {
    const { inputName } = await video.stage(asUpload(testVideos.mov()));
    const jobs = videoJobStore(db);
    // The first process starts the job, then stops mid-transcode.
    const first = createVideoPipeline(db, config, media, quiet);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    first.queue.handle('restart', {
      async run(job, signal) {
        started();
        await first.produce(job.input_name, newVideoName('story', 21), { maxSeconds: 30, signal });
      },
      async failed() {},
    });
    await first.queue.start();
    const id = await jobs.insert({ kind: 'restart', refId: 21, ownerId: 1, inputName, now: Date.now() });
    first.queue.kick(id);
    await running;
    await first.queue.close();
    expect((await jobs.find(id))?.state).toBe('running');

    // The next process takes it up again.
    const second = createVideoPipeline(db, config, media, quiet);
    let produced = '';
    second.queue.handle('restart', {
      async run(job) {
        produced = newVideoName('story', 21);
        await second.produce(job.input_name, produced, { maxSeconds: 30 });
      },
      async failed() {},
    });
    await second.queue.start();
    await second.queue.idle();
    await second.queue.close();
    expect(await jobs.find(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect((await describeOutput('ffprobe', media.pathOf(produced))).videoCodec).toBe('h264');
    expect(filesUnder(media, 'video/work/')).toEqual([]);
  });
});

describe.runIf(testRedisUrl)('video jobs through BullMQ', () => {
  const config = testConfig(dialects[0], { videoConcurrency: 1, redisUrl: testRedisUrl });
  afterAll(() => fs.rmSync(config.dataDir, { recursive: true, force: true }));

  it('runs queued jobs one at a time on a worker and records them done', async () => {
    const db = await createDb(config);
    await migrateToLatest(db);
    const media = diskStoreFor(config);
    const video = createVideoPipeline(db, config, media, quiet);
    expect(video.queue.mode).toBe('redis');
    let now = 0;
    let most = 0;
    video.queue.handle('bull', {
      async run(job) {
        most = Math.max(most, ++now);
        try {
          await video.produce(job.input_name, newVideoName('story', job.ref_id), { maxSeconds: 30 });
        } finally {
          now--;
        }
      },
      async failed() {},
    });
    await video.queue.start();
    const jobs = videoJobStore(db);
    const ids: number[] = [];
    for (const ref of [31, 32]) {
      const { inputName } = await video.stage(asUpload(testVideos.silentMp4()));
      const id = await jobs.insert({ kind: 'bull', refId: ref, ownerId: 1, inputName, now: Date.now() });
      ids.push(id);
      video.queue.kick(id);
    }
    for (let i = 0; i < 200 && (await jobs.countByState()).done !== 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await jobs.countByState()).toEqual({ done: 2 });
    expect(most).toBe(1);
    await video.queue.close();
    await db.destroy();
  });
});
