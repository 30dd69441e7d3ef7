import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, type LiveStreamer } from '@tertulia/contract';
import WebSocket from 'ws';
import type { Client } from '../../../../tests/_util';
import { LIVE_INGEST_PATH } from './names';

/** Test support for the video path: a generated recording and a streamer's socket. */

let cached: Buffer | undefined;

/** `seconds` of WebM as Chromium records it (VP8 + Opus), a clock-like test picture and a tone. */
export const SECONDS = 8;

export function generatedWebm(seconds = SECONDS): Buffer {
  if (cached) return cached;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-live-src-')), 'in.webm');
  // biome-ignore format: option and value pairs read best side by side
  const result = spawnSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '600k',
    '-c:a', 'libopus', '-f', 'webm', file,
  ]);
  if (result.status !== 0) throw new Error(`ffmpeg: ${result.stderr}`);
  cached = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return cached;
}

export const MIME = 'video/webm;codecs=vp8,opus';

export async function goLive(who: Client): Promise<string> {
  return ((await who.ok(api.live.startBroadcast)) as LiveStreamer[])[0].broadcast_id as string;
}

/** Opens the ingest socket; rejects with the HTTP status when the upgrade is refused. */
export function openIngest(baseUrl: string, cookie: string, broadcastId: string): Promise<WebSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${LIVE_INGEST_PATH}?broadcastId=${broadcastId}`;
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {} });
  // The close code, kept from the start: over Redis an end can close the socket before a test listens.
  const code = new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
  closeCodes.set(ws, code);
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error('refused'), { status: res.statusCode })),
    );
    ws.on('error', reject);
  });
}

/**
 * The header, then the bytes in messages of at most 64 KiB, as docs/live.md says, paced in real
 * time as a recorder's timeslices are (a sender that goes quiet is a dropped one). `ready` is the
 * server's answer to the header; `sent` settles once the last byte is out.
 */
export function sendRecording(ws: WebSocket, bytes: Buffer, o: { mime?: string; seconds?: number } = {}) {
  const step = 16_384;
  const pauseMs = ((o.seconds ?? SECONDS) * 1000 * step) / bytes.length;
  const ready = new Promise<{ type: string; playlist: string }>((resolve) =>
    ws.once('message', (data) => resolve(JSON.parse(String(data)))),
  );
  ws.send(JSON.stringify({ type: 'start', mimeType: o.mime ?? MIME }));
  const sent = (async () => {
    for (let at = 0; at < bytes.length && ws.readyState === WebSocket.OPEN; at += step) {
      ws.send(bytes.subarray(at, at + step));
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
  return { ready, sent };
}

const closeCodes = new WeakMap<WebSocket, Promise<number>>();

/** The code the socket closed (or will close) with. */
export const closed = (ws: WebSocket): Promise<number> =>
  closeCodes.get(ws) ?? new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

/** Polls `probe` until it returns something truthy, or fails after `ms`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What ffprobe says of the streams of a file: codec names. */
export function probeCodecs(file: string): string[] {
  const result = spawnSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name',
    '-of',
    'csv=p=0',
    file,
  ]);
  return String(result.stdout).trim().split('\n').sort();
}
