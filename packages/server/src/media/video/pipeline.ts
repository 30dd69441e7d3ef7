import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { normalizeImage } from '../intake';
import { newImageKey, originalName } from '../keys';
import type { MediaStore } from '../storage';
import { audioTranscodeArgs, type ProbedAudio, probeAudio } from './audio';
import { bullVideoQueue } from './bull-queue';
import { readMp4Header } from './mp4-header';
import { type ProbedVideo, probeVideo, SOURCE_LIMITS } from './probe';
import { localVideoQueue, type QueueLog, type VideoQueue, VideoRefusal } from './queue';
import { run, videoTools } from './tools';
import { describeOutput, posterFrame, transcode } from './transcode';

/** A transcode that takes longer than this is killed (and retried): 20x the longest story. */
export const TRANSCODE_TIMEOUT_MS = 10 * 60_000;

export interface Produced {
  seconds: number;
  width: number;
  height: number;
  posterKey: string;
}

/**
 * The video pipeline (docs/video.md): an upload is checked and staged on the request (so a bad
 * file is refused at once, with nothing kept), then transcoded off the request path by the job
 * queue to an H.264/AAC MP4 of at most 720p plus a poster image for the image service.
 */
export function createVideoPipeline(
  db: Kysely<Database>,
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath' | 'videoConcurrency' | 'redisUrl' | 'redisPrefix'>,
  media: MediaStore,
  log: QueueLog,
) {
  const tools = videoTools(config.ffmpegPath, config.ffprobePath);
  const concurrency = Math.max(1, config.videoConcurrency);
  // Each transcode gets its share of the cores, so `concurrency` of them never oversubscribe.
  const threads = Math.max(1, Math.floor(os.availableParallelism() / concurrency));
  const queue: VideoQueue = config.redisUrl
    ? bullVideoQueue(db, { url: config.redisUrl, prefix: config.redisPrefix, concurrency, log })
    : localVideoQueue(db, { concurrency, log });
  const stem = () => randomBytes(8).toString('hex');

  async function readHead(file: string): Promise<Buffer> {
    const handle = await fs.open(file, 'r');
    try {
      const head = Buffer.alloc(64);
      const { bytesRead } = await handle.read(head, 0, 64, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  const probe = async (file: string) => probeVideo(tools.ffprobe, file, await readHead(file));

  return {
    available: tools.available,
    queue,
    concurrency,
    threads,

    /** Refuses uploads while ffmpeg is missing: a 503 with a clear message, never a crash. */
    ensureAvailable() {
      if (!tools.available) throw new ApiError('ApiUnavailableException', 'video.unavailable');
    },

    /**
     * Checks an upload (throws a 400 for anything but a sane video) and copies it into the media
     * store under a new name for the job; the request's temporary file goes when the request ends.
     */
    async stage(file: UploadedFile): Promise<{ inputName: string; probed: ProbedVideo }> {
      this.ensureAvailable();
      const probed = await probe(file.path);
      const inputName = `video/incoming/${stem()}.${probed.container}`;
      await media.putFile(inputName, file.path);
      return { inputName, probed };
    },

    /**
     * Transcodes a staged input into `outputName` (an MP4 in the media store) and makes its
     * poster. Work files are removed whatever happens; the input is left to the caller.
     */
    async produce(
      inputName: string,
      outputName: string,
      options: {
        maxSeconds: number;
        /** Seconds of the input skipped (the trim); past its end, the last seconds are kept. */
        start?: number;
        /**
         * The stage's probe of this input, carried with its job (video_jobs.probe): the job skips
         * a second ffprobe of the same file (tools/bench/README.md, "Session 14, perf-stories").
         */
        probed?: ProbedVideo;
        onProgress?: (fraction: number) => void;
        signal?: AbortSignal;
      },
    ): Promise<Produced> {
      // ffmpeg works on local files: the input comes down from the store (another instance may
      // have staged it) into a work folder of this machine's temp dir, the output goes back up.
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-video-'));
      try {
        const input = path.join(work, `input.${inputName.split('.').pop()}`);
        if (!(await media.download(inputName, input))) throw new VideoRefusal('video.unreadable');
        let probed: ProbedVideo;
        try {
          probed = options.probed ?? (await probe(input));
        } catch (error) {
          throw error instanceof ApiError ? new VideoRefusal(error.key) : error;
        }
        const mp4 = `${work}/out.mp4`;
        await transcode(tools.ffmpeg, input, mp4, probed, {
          maxSeconds: options.maxSeconds,
          start: probed.seconds
            ? Math.min(options.start ?? 0, Math.max(0, probed.seconds - 1))
            : (options.start ?? 0),
          threads,
          timeoutMs: TRANSCODE_TIMEOUT_MS,
          onProgress: options.onProgress,
          signal: options.signal,
        });
        // The output's own header, not a third tool run (media/video/mp4-header.ts).
        const out = await readMp4Header(mp4);
        if (!out) throw new Error('transcode output has no MP4 header before its data');
        if (out.videoCodec !== 'h264' || out.audioCodec !== 'aac' || !(out.seconds > 0)) {
          throw new VideoRefusal('video.unreadable');
        }
        await posterFrame(tools.ffmpeg, mp4, `${work}/poster.jpg`, out.seconds);
        const poster = await normalizeImage(await fs.readFile(`${work}/poster.jpg`));
        const posterKey = newImageKey(poster.ext);
        await media.put(originalName(posterKey), poster.data);
        await media.putFile(outputName, mp4);
        return { seconds: out.seconds, width: out.width, height: out.height, posterKey };
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },

    /** As stage, for a song (media/video/audio.ts): any common audio file of at most `maxSeconds`. */
    async stageAudio(
      file: UploadedFile,
      maxSeconds: number,
    ): Promise<{ inputName: string; probed: ProbedAudio }> {
      this.ensureAvailable();
      const probed = await probeAudio(tools.ffprobe, file.path, await readHead(file.path), maxSeconds);
      const inputName = `video/incoming/${stem()}.${probed.container}`;
      await media.putFile(inputName, file.path);
      return { inputName, probed };
    },

    /** Transcodes a staged song into `outputName` (AAC in MP4); answers its seconds. */
    async produceAudio(
      inputName: string,
      outputName: string,
      options: { maxSeconds: number; signal?: AbortSignal },
    ): Promise<{ seconds: number }> {
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-audio-'));
      try {
        const input = path.join(work, `input.${inputName.split('.').pop()}`);
        if (!(await media.download(inputName, input))) throw new VideoRefusal('song.unreadable');
        const out = `${work}/out.m4a`;
        const result = await run(tools.ffmpeg, audioTranscodeArgs(input, out, { ...options, threads }), {
          timeoutMs: TRANSCODE_TIMEOUT_MS,
          signal: options.signal,
        });
        if (result.code !== 0) {
          if (result.timedOut || options.signal?.aborted) throw new Error('audio transcode stopped');
          throw new VideoRefusal(`ffmpeg failed: ${result.stderr.slice(-300)}`);
        }
        const described = await describeOutput(tools.ffprobe, out);
        if (described.audioCodec !== 'aac' || !(described.seconds > 0))
          throw new VideoRefusal('song.unreadable');
        await media.putFile(outputName, out);
        return { seconds: described.seconds };
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },

    /** Removes a stored video, an input or a poster (missing ones are fine). */
    remove: (name: string) => media.remove(name),
    sourceLimits: SOURCE_LIMITS,
  };
}

export type VideoPipeline = ReturnType<typeof createVideoPipeline>;
