import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaStore } from '../../../media/store-api';
import { run } from '../../../media/video/tools';
import { folderOf, PLAYLIST, stateNameOf } from './names';
import { type LiveState, renderPlaylist } from './playlist';

/** The broadcast's bookkeeping in the store (stream/playlist.ts), or undefined before its first run. */
export async function readState(media: MediaStore, broadcastId: string): Promise<LiveState | undefined> {
  const bytes = await media.get(stateNameOf(broadcastId));
  return bytes ? (JSON.parse(bytes.toString('utf8')) as LiveState) : undefined;
}

/** The state, then the playlist made from it (viewers read only the playlist). */
export async function writeState(media: MediaStore, broadcastId: string, state: LiveState) {
  await media.put(stateNameOf(broadcastId), Buffer.from(JSON.stringify(state)));
  await media.put(folderOf(broadcastId) + PLAYLIST, Buffer.from(renderPlaylist(state)));
}

/** The recording is not kept after the end (docs/live.md, "Recording"): every file goes. */
export const removeRecording = (media: MediaStore, broadcastId: string) =>
  media.remove(folderOf(broadcastId));

/**
 * Joins the last `segments` (about a second each) of a broadcast into one MP4 in a temp folder (each run is its init segment
 * followed by its segments: a fragmented MP4; runs are joined by ffmpeg's concat demuxer without
 * re-encoding). The caller hands the file on and removes `dir`.
 */
export async function joinRecording(
  media: MediaStore,
  broadcastId: string,
  ffmpeg: string,
  segments: number,
): Promise<{ dir: string; file: string } | undefined> {
  const state = await readState(media, broadcastId);
  if (!state) return undefined;
  const folder = folderOf(broadcastId);
  const names = await media.list(folder);
  // The last `segments` of the broadcast, in order across runs, grouped by run.
  const ordered = state.runs.flatMap((runId) =>
    names
      .filter((n) => n.startsWith(`${folder}${runId}-`) && n.endsWith('.m4s'))
      .sort()
      .map((name) => ({ runId, name })),
  );
  const tail = ordered.slice(-segments);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tertulia-live-save-'));
  try {
    const parts: string[] = [];
    for (const runId of state.runs) {
      const mine = tail.filter((s) => s.runId === runId).map((s) => s.name);
      if (mine.length === 0) continue;
      const part = path.join(dir, `${runId}.mp4`);
      for (const name of [`${folder}${runId}-init.mp4`, ...mine]) {
        const bytes = await media.get(name);
        if (bytes) await fs.appendFile(part, bytes);
      }
      parts.push(part);
    }
    if (parts.length === 0) throw new Error('nothing recorded');
    const list = path.join(dir, 'parts.txt');
    await fs.writeFile(list, parts.map((p) => `file '${p}'`).join('\n'));
    const file = path.join(dir, `live-${randomBytes(4).toString('hex')}.mp4`);
    // biome-ignore format: option and value pairs read best side by side
    const result = await run(ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', file,
    ], { timeoutMs: 120_000 });
    if (result.code !== 0) throw new Error(`joining the recording failed: ${result.stderr}`);
    return { dir, file };
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    if (error instanceof Error && error.message === 'nothing recorded') return undefined;
    throw error;
  }
}
