/**
 * tools/bench/live.ts's streamer, standing in for the browser: frames drawn here with the wall
 * clock stamped in as a block code (32 bits of ms since T0, then the same bits inverted as a
 * check), encoded by ffmpeg as a browser records, sent over the real ingest socket; and the
 * reading of a stamp back from a decoded frame.
 */
import { spawn } from 'node:child_process';
import { LIVE_INGEST_PATH } from '@tertulia/contract';
import WebSocket from 'ws';

export const W = 640;
export const H = 360;
const FPS = 25;
const BITS = 32;
const BLOCK = { x0: 16, w: 18, h: 24, rows: [8, 40] };
/** Stamps count from here (this process's start). */
export const T0 = Date.now();

const background = Buffer.alloc(W * H * 2);
for (let y = 0; y < H * 2; y++)
  for (let x = 0; x < W; x++) background[y * W + x] = (x * 3 + y * 2 + ((x >> 5) ^ (y >> 5)) * 40) & 255;

function frame(n: number): Buffer {
  const out = Buffer.allocUnsafe(W * H);
  const shift = ((n * 4) % H) * W;
  background.copy(out, 0, shift, shift + W * H);
  out.fill(128, 0, W * 72);
  const stamp = (Date.now() - T0) >>> 0;
  for (let bit = 0; bit < BITS; bit++) {
    const one = (stamp >>> bit) & 1;
    BLOCK.rows.forEach((top, row) => {
      const value = (row === 0 ? one : 1 - one) ? 255 : 0;
      const x = BLOCK.x0 + bit * BLOCK.w;
      for (let y = top; y < top + BLOCK.h; y++) out.fill(value, y * W + x, y * W + x + BLOCK.w);
    });
  }
  return out;
}

/** The stamp of a decoded gray frame, or undefined when the check row does not match. */
export function readStamp(gray: Buffer): number | undefined {
  let stamp = 0;
  for (let bit = 0; bit < BITS; bit++) {
    const [a, b] = BLOCK.rows.map((top) => {
      let sum = 0;
      let n = 0;
      const x = BLOCK.x0 + bit * BLOCK.w;
      for (let y = top + 6; y < top + BLOCK.h - 6; y++)
        for (let i = x + 4; i < x + BLOCK.w - 4; i++, n++) sum += gray[y * W + i];
      return sum / n > 128 ? 1 : 0;
    });
    if (a === b) return undefined;
    stamp |= a << bit;
  }
  return stamp >>> 0;
}

export const SENDERS = {
  // Chromium's MediaRecorder: H.264 in WebM (Matroska), a keyframe a second.
  h264: {
    mime: 'video/webm;codecs=h264,opus',
    // biome-ignore format: option and value pairs read best side by side
    args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS),
      '-b:v', '1000k', '-pix_fmt', 'yuv420p', '-f', 'matroska'],
  },
  // Firefox: VP8 in WebM.
  vp8: {
    mime: 'video/webm;codecs=vp8,opus',
    // biome-ignore format: option and value pairs read best side by side
    args: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-lag-in-frames', '0', '-g', String(FPS),
      '-b:v', '1000k', '-pix_fmt', 'yuv420p', '-f', 'webm'],
  },
};

export async function stream(
  port: number,
  cookie: string,
  broadcastId: string,
  sender: keyof typeof SENDERS,
) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_INGEST_PATH}?broadcastId=${broadcastId}`, {
    headers: { cookie },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'start', mimeType: SENDERS[sender].mime }));
  // biome-ignore format: option and value pairs read best side by side
  const encoder = spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`,
    '-r', String(FPS), '-i', 'pipe:0', ...SENDERS[sender].args,
    // Clusters every 250 ms, flushed at once: chunks as a MediaRecorder timeslice hands them.
    '-cluster_time_limit', '250', '-flush_packets', '1', 'pipe:1',
  ]);
  encoder.stderr.on('data', (d: Buffer) => process.stderr.write(d));
  encoder.stdout.on('data', (bytes: Buffer) => {
    for (let at = 0; at < bytes.length; at += 65_536) ws.send(bytes.subarray(at, at + 65_536));
  });
  encoder.stdin.on('error', () => {});
  let sent = 0;
  const start = Date.now();
  const painter = setInterval(
    () => {
      const due = Math.floor(((Date.now() - start) * FPS) / 1000);
      while (sent <= due) encoder.stdin.write(frame(sent++));
    },
    1000 / FPS / 2,
  );
  return {
    async stop() {
      clearInterval(painter);
      encoder.stdin.end();
      await new Promise((resolve) => encoder.once('close', resolve));
      ws.close();
    },
  };
}
