import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaStore } from '../../../media/store-api';
import { ingestArgs } from './ffmpeg-args';
import { parseFfmpegPlaylist } from './playlist';

/** A finished segment of a run, already in the media store. */
export interface Uploaded {
  uri: string;
  map: string;
  seconds: number;
}

/** Bytes waiting for ffmpeg past this: the sender is faster than we encode, and is dropped. */
const MAX_BACKLOG = 16 * 1024 * 1024;
/** How often the run looks for finished segments in its folder (a stat: costs nothing). */
const WATCH_MS = 100;

/**
 * One ffmpeg run: a streamer's connection. Chunks go to ffmpeg's stdin; ffmpeg writes segments
 * to a temp folder of this machine; a watcher uploads each finished segment to the media store
 * (the run's init segment before its first one) and then hands it to `onSegment`, which writes
 * the playlist. Nothing of the temp folder is ever served (docs/live.md, "Video path").
 */
export function startRun(o: {
  ffmpeg: string;
  mime: string;
  run: string;
  folder: string;
  media: MediaStore;
  onSegment: (segment: Uploaded) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  let child: ChildProcessWithoutNullStreams | undefined;
  let work = '';
  let initUploaded = false;
  const done = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stderr = '';

  async function collect() {
    const text = await fs.readFile(path.join(work, 'ffmpeg.m3u8'), 'utf8').catch(() => '');
    for (const found of parseFfmpegPlaylist(text)) {
      if (done.has(found.uri)) continue;
      done.add(found.uri);
      const map = `${o.run}-init.mp4`;
      if (!initUploaded) {
        await o.media.putFile(o.folder + map, path.join(work, map));
        initUploaded = true;
      }
      const local = path.join(work, found.uri);
      await o.media.putFile(o.folder + found.uri, local);
      await fs.rm(local, { force: true });
      await o.onSegment({ uri: found.uri, map, seconds: found.seconds });
    }
  }
  // One pass at a time, in order: a segment is never listed before its bytes are stored.
  const poll = () => {
    chain = chain.then(collect).catch(o.onError);
    return chain;
  };

  return {
    async start(threads: number) {
      work = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-live-'));
      const args = ingestArgs({ mime: o.mime, folder: work, run: o.run, threads });

      child = spawn(o.ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr = (stderr + s).slice(-4096)));
      child.stdout.resume();
      // A browser that goes away mid-write makes stdin fail: the run ends, nothing to throw.
      child.stdin.on('error', () => {});
      exited = new Promise((resolve) => child!.on('close', () => resolve()));
      child.on('error', o.onError);
      timer = setInterval(poll, WATCH_MS);
    },

    /** False when the backlog is too long (the caller drops the sender). */
    write(chunk: Buffer): boolean {
      if (!child || child.stdin.destroyed) return false;
      child.stdin.write(chunk);
      return child.stdin.writableLength <= MAX_BACKLOG;
    },

    /** Ends the input, lets ffmpeg write its last segment, uploads it, removes the temp folder. */
    async finish(graceMs = 5000) {
      if (!child) return;
      child.stdin.end();
      const kill = setTimeout(() => child?.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(kill);
      clearInterval(timer);
      await poll();
      await fs.rm(work, { recursive: true, force: true });
    },

    /** Stops at once, uploading nothing more (the broadcast ended, or another run took over). */
    async kill() {
      clearInterval(timer);
      child?.kill('SIGKILL');
      await exited;
      await chain.catch(() => {});
      if (work) await fs.rm(work, { recursive: true, force: true });
    },

    /** Settles when ffmpeg has exited, for whatever reason. */
    get exited() {
      return exited;
    },

    get stderr() {
      return stderr;
    },
  };
}

export type Run = ReturnType<typeof startRun>;
