import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { MediaStore } from '../../../media/store-api';
import { acceptedMime } from './ffmpeg-args';
import { folderOf, playlistUrl } from './names';
import { addSegment, newState, takeOver } from './playlist';
import { readState, removeRecording, writeState } from './recording';
import { startRun, type Uploaded } from './run';
import type { StreamStore } from './store';

/** Close codes of the ingest socket (docs/live.md, "Wire format"). */
export const IngestClose = {
  /** The broadcast ended (the streamer, an admin, or a drop): do not reconnect. */
  ENDED: 4000,
  /** Another connection of the streamer took over. */
  REPLACED: 4001,
  /** The first message was not a start header, or ffmpeg could not read the stream. */
  BAD_STREAM: 4400,
  /** The sender is faster than the server can repackage. */
  TOO_FAST: 4429,
} as const;

export interface IngestOptions {
  ffmpeg: string;
  /** A streamer silent or gone this long ends the broadcast (LIVE_DROP_MS, 10 s). */
  dropMs: number;
  /** The recording is removed this long after the end unless saved as a story first (LIVE_KEEP_MS). */
  keepMs: number;
  /** ffmpeg threads of one encode. */
  threads: number;
  log: { warn(o: object, m: string): void };
}

/**
 * The streamers' connections on this instance and what happens when one goes (docs/live.md,
 * "Drops"). Every run's progress is in the media store (stream/playlist.ts), so a streamer who
 * reconnects to another instance continues the same broadcast, and this instance's drop timer,
 * finding another writer there, lets it be.
 */
export function liveIngest(store: StreamStore, media: MediaStore, o: IngestOptions) {
  const current = new Map<string, { runId: string; stop: (code: number) => Promise<void> }>();
  const dropTimers = new Map<string, NodeJS.Timeout>();
  const removals = new Set<NodeJS.Timeout>();
  // State changes of one broadcast on this instance, one at a time (a run's last segment and the
  // next run's takeover never overwrite each other).
  const locks = new Map<string, Promise<unknown>>();
  const locked = <T>(id: string, work: () => Promise<T>): Promise<T> => {
    const next = (locks.get(id) ?? Promise.resolve()).then(work, work);
    locks.set(
      id,
      next.catch(() => {}),
    );
    return next;
  };

  /** After the end: the playlist says so, then the files go (now, or after LIVE_KEEP_MS). */
  async function finalize(broadcastId: string) {
    await locked(broadcastId, async () => {
      const state = await readState(media, broadcastId);
      if (state && !state.ended) await writeState(media, broadcastId, { ...state, ended: true });
    });
    if (o.keepMs <= 0) return removeRecording(media, broadcastId);
    const timer = setTimeout(() => {
      removals.delete(timer);
      removeRecording(media, broadcastId).catch((error) =>
        o.log.warn({ error, broadcastId }, 'live removal'),
      );
    }, o.keepMs);
    timer.unref();
    removals.add(timer);
  }

  async function endForEveryone(broadcastId: string, why: string) {
    if (await store.end(broadcastId, Date.now())) o.log.warn({ broadcastId, why }, 'live broadcast dropped');
    await finalize(broadcastId);
  }

  function accept(socket: WebSocket, broadcastId: string) {
    const runId = randomBytes(4).toString('hex');
    let run: ReturnType<typeof startRun> | undefined;
    let started = false;
    let stopped = false;
    const early: Buffer[] = [];
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => drop('silent'), o.dropMs);
    };

    async function stop(code: number) {
      if (stopped) return;
      stopped = true;
      clearTimeout(idle);
      if (current.get(broadcastId)?.runId === runId) current.delete(broadcastId);
      if (socket.readyState === socket.OPEN) socket.close(code);
      await run?.kill();
    }

    /** Silent for LIVE_DROP_MS: as good as gone, and gone for that long already. */
    function drop(why: string) {
      // Ended first, so whoever hears the socket close already finds it off air.
      store
        .end(broadcastId, Date.now())
        .then(async (ended) => {
          if (ended) o.log.warn({ broadcastId, why }, 'live broadcast dropped');
          await stop(IngestClose.ENDED);
          await finalize(broadcastId);
        })
        .catch((error) => o.log.warn({ error, broadcastId }, 'live drop'));
    }

    async function onSegment(segment: Uploaded) {
      const outcome = await locked(broadcastId, async () => {
        const row = await store.byBroadcastId(broadcastId);
        if (!row || Number(row.ended_at) > 0) return 'ended';
        const state = await readState(media, broadcastId);
        if (!state || state.writer !== runId) return 'replaced';
        const now = Date.now();
        const at = new Date(now - segment.seconds * 1000).toISOString();
        await writeState(media, broadcastId, addSegment(state, { ...segment, at }, now));
        return 'listed';
      });
      if (outcome === 'ended') {
        await stop(IngestClose.ENDED);
        await finalize(broadcastId);
      } else if (outcome === 'replaced') await stop(IngestClose.REPLACED);
    }

    async function begin(mime: string) {
      clearTimeout(dropTimers.get(broadcastId));
      dropTimers.delete(broadcastId);
      await current.get(broadcastId)?.stop(IngestClose.REPLACED);
      current.set(broadcastId, { runId, stop });
      await locked(broadcastId, async () => {
        const state = await readState(media, broadcastId);
        const now = Date.now();
        await writeState(media, broadcastId, state ? takeOver(state, runId, now) : newState(runId, now));
      });
      if (stopped) return;
      run = startRun({
        ffmpeg: o.ffmpeg,
        mime,
        run: runId,
        folder: folderOf(broadcastId),
        media,
        onSegment,
        onError: (error) => o.log.warn({ error, broadcastId }, 'live segment upload'),
      });
      await run.start(o.threads);
      const ffmpegRun = run;
      ffmpegRun.exited.then(() => {
        if (!stopped && socket.readyState === socket.OPEN) {
          o.log.warn({ broadcastId, stderr: ffmpegRun.stderr }, 'live ffmpeg stopped');
          socket.close(IngestClose.BAD_STREAM);
        }
      });
      for (const chunk of early.splice(0)) write(chunk);
      socket.send(JSON.stringify({ type: 'ready', playlist: playlistUrl(broadcastId) }));
    }

    function write(chunk: Buffer) {
      if (run && !run.write(chunk)) stop(IngestClose.TOO_FAST).catch(() => {});
    }

    touch();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (stopped) return;
      touch();
      if (started) {
        if (!isBinary) return;
        if (run) write(data);
        else early.push(data);
        return;
      }
      let header: { type?: unknown; mimeType?: unknown } = {};
      try {
        header = isBinary ? {} : JSON.parse(String(data));
      } catch {}
      if (header.type !== 'start' || !acceptedMime(header.mimeType)) {
        stop(IngestClose.BAD_STREAM).catch(() => {});
        return;
      }
      started = true;
      begin(header.mimeType).catch((error) => {
        o.log.warn({ error, broadcastId }, 'live ingest start');
        stop(1011).catch(() => {});
      });
    });

    socket.on('close', () => {
      clearTimeout(idle);
      if (stopped) return;
      stopped = true;
      if (current.get(broadcastId)?.runId === runId) current.delete(broadcastId);
      // The last seconds still go out; the broadcast waits LIVE_DROP_MS for the streamer.
      run?.finish().catch((error) => o.log.warn({ error, broadcastId }, 'live finish'));
      const timer = setTimeout(async () => {
        dropTimers.delete(broadcastId);
        try {
          const state = await readState(media, broadcastId);
          if (state && state.writer !== runId) return; // continued elsewhere
          await endForEveryone(broadcastId, 'gone');
        } catch (error) {
          o.log.warn({ error, broadcastId }, 'live drop');
        }
      }, o.dropMs);
      dropTimers.set(broadcastId, timer);
    });
  }

  return {
    accept,
    /** Instance shutdown: connections close (streamers reconnect elsewhere); timers stop. */
    async close() {
      for (const timer of [...dropTimers.values(), ...removals]) clearTimeout(timer);
      await Promise.all([...current.values()].map((c) => c.stop(1012)));
    },
  };
}

export type LiveIngest = ReturnType<typeof liveIngest>;
