import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../tests/_util';
import type { Db } from '../../db/index';
import type { DiskMediaStore } from '../storage';
import { videoJobStore } from './job-store';
import { readMp4Header } from './mp4-header';
import { createVideoPipeline, type VideoPipeline } from './pipeline';
import { asUpload, pipelineFixture, quiet } from './pipeline-fixture';
import { parseProbed } from './probe';
import { newVideoName } from './serve';
import { corruptMp4, testVideos } from './test-videos';
import { describeOutput } from './transcode';

describe('the stage probe a job carries', () => {
  it('reads back only a well-formed probe', () => {
    const probed = { container: 'mp4', seconds: 2, width: 320, height: 180, hasAudio: true };
    expect(parseProbed(JSON.stringify(probed))).toEqual(probed);
    expect(parseProbed(JSON.stringify({ ...probed, extra: 1 }))).toEqual(probed);
    expect(parseProbed(null)).toBeUndefined();
    expect(parseProbed('{')).toBeUndefined();
    expect(parseProbed(JSON.stringify({ ...probed, container: 'avi' }))).toBeUndefined();
    expect(parseProbed(JSON.stringify({ ...probed, seconds: -1 }))).toBeUndefined();
    expect(parseProbed(JSON.stringify({ ...probed, hasAudio: 'yes' }))).toBeUndefined();
  });
});

describe.each(dialects)('transcodes without probing again on $name', (dialect) => {
  const fixture = pipelineFixture(dialect);
  const { config } = fixture;
  let db: Db;
  let media: DiskMediaStore;
  let video: VideoPipeline;

  beforeAll(async () => {
    ({ db, media, video } = await fixture.open());
  });
  afterAll(() => fixture.close(db));

  it('carries the probe in the job row, and the job needs no ffprobe to run', async () => {
    const { inputName, probed } = await video.stage(asUpload(testVideos.mov()));
    const jobs = videoJobStore(db);
    const id = await jobs.insert({ kind: 'story', refId: 1, ownerId: 1, inputName, probed, now: Date.now() });
    const job = await jobs.find(id);
    expect(job?.probed).toEqual(probed);
    const old = await jobs.insert({ kind: 'story', refId: 2, ownerId: 1, inputName, now: Date.now() });
    expect((await jobs.find(old))?.probed).toBeUndefined();

    // Another instance, where ffprobe would fail: the carried probe and the header check suffice.
    const elsewhere = createVideoPipeline(
      db,
      { ...config, ffprobePath: '/nonexistent/ffprobe' },
      media,
      quiet,
    );
    const name = newVideoName('story', 1);
    const made = await elsewhere.produce(inputName, name, { maxSeconds: 30, probed: job?.probed });
    const out = await describeOutput('ffprobe', media.pathOf(name));
    expect(out).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    expect(made.width).toBe(out.width);
    expect(made.height).toBe(out.height);
    expect(Math.abs(made.seconds - out.seconds)).toBeLessThan(0.05);
    // Without it, that instance cannot probe the input: the probe really was not run again.
    await expect(
      elsewhere.produce(inputName, newVideoName('story', 2), { maxSeconds: 30 }),
    ).rejects.toThrow();
    await video.remove(inputName);
  });

  it("reads an output's codecs, size and length as ffprobe does", async () => {
    for (const [file, start] of [
      [testVideos.phoneWebm(), 0],
      [testVideos.silentMp4(), 0],
      [testVideos.fullHd(), 0],
      [testVideos.tooLongForStory(), 10],
    ] as const) {
      const { inputName, probed } = await video.stage(asUpload(file));
      const name = newVideoName('story', 3);
      await video.produce(inputName, name, { maxSeconds: 30, start, probed });
      await video.remove(inputName);
      const header = await readMp4Header(media.pathOf(name));
      const out = await describeOutput('ffprobe', media.pathOf(name));
      expect(header, file).toMatchObject({
        videoCodec: out.videoCodec,
        audioCodec: out.audioCodec,
        width: out.width,
        height: out.height,
      });
      expect(Math.abs((header?.seconds ?? 0) - out.seconds), file).toBeLessThan(0.05);
    }
  });

  it('finds no header in a file whose movie box is missing or comes after its data', async () => {
    const broken = path.join(config.dataDir, 'broken.mp4');
    fs.writeFileSync(broken, corruptMp4());
    expect(await readMp4Header(broken)).toBeUndefined();
    // ffmpeg without +faststart writes the movie box last (the camera test file).
    expect(await readMp4Header(testVideos.mov())).toBeUndefined();
  });
});
