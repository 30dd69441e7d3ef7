import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test videos made by ffmpeg from its lavfi test sources: small and short so tests stay fast.
 * Each is made once per process and kept in a temporary folder.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-videos-'));
const made = new Map<string, string>();

function make(name: string, args: string[]): string {
  const existing = made.get(name);
  if (existing) return existing;
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args, file]);
  made.set(name, file);
  return file;
}

const picture = (size: string, seconds: number, rate = 15) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

export const testVideos = {
  /** What a phone's browser records: WebM (VP8 + Opus), portrait, 2 s. */
  phoneWebm: () =>
    make('phone.webm', [
      ...picture('180x320', 2),
      ...tone(2),
      '-c:v',
      'libvpx',
      '-b:v',
      '300k',
      '-c:a',
      'libopus',
      '-shortest',
    ]),
  /** A camera's QuickTime file: MOV (H.264 + AAC), landscape, 2 s. */
  mov: () =>
    make('camera.mov', [
      ...picture('320x180', 2),
      ...tone(2),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
    ]),
  /** An MP4 without sound (the pipeline adds a silent track). */
  silentMp4: (seconds = 1) =>
    make(`silent-${seconds}.mp4`, [...picture('160x90', seconds), '-c:v', 'libx264', '-preset', 'ultrafast']),
  /** A 1080p clip: the output is brought down to 720p. */
  fullHd: () =>
    make('fullhd.mp4', [...picture('1920x1080', 1, 5), '-c:v', 'libx264', '-preset', 'ultrafast']),
  /** Longer than a story (35 s at 4 frames a second): cut to the story limit. */
  tooLongForStory: () =>
    make('long.mp4', [...picture('64x36', 35, 4), '-c:v', 'libx264', '-preset', 'ultrafast']),
  /** Ten hours, one frame a minute: refused by duration before any work. */
  tenHours: () =>
    make('ten-hours.mp4', [
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:size=32x32:rate=1/60:duration=36000',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
    ]),
  /** 4100 px wide, one frame: an absurd resolution. */
  absurd: () =>
    make('absurd.mkv', ['-f', 'lavfi', '-i', 'color=c=red:size=4100x64:rate=1:duration=1', '-c:v', 'ffv1']),
};

/** Test songs for the profile song (media/video/audio.ts): short, made once per process. */
export const testSongs = {
  /** An MP3 with an ID3 tag, 3 s. */
  mp3: () => make('song.mp3', [...tone(3), '-c:a', 'libmp3lame', '-b:a', '64k', '-id3v2_version', '3']),
  /** A voice-memo Ogg Opus file, 2 s. */
  ogg: () => make('song.ogg', [...tone(2), '-c:a', 'libopus', '-b:a', '24k']),
  /** Eleven minutes of quiet Opus: past the source limit, refused before any transcode. */
  tooLong: () =>
    make('long-song.ogg', [
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      '660',
      '-c:a',
      'libopus',
      '-b:a',
      '6k',
    ]),
};

/** A valid MP4's first 2 KB: the box header says MP4, the rest is gone. */
export function corruptMp4(): Buffer {
  return fs.readFileSync(testVideos.mov()).subarray(0, 2048);
}

export const textAsMp4 = () => Buffer.from('esto no es un vídeo, solo texto\n'.repeat(50));

/** A ZIP file's bytes (local file header signature and a stored entry). */
export function zipBytes(): Buffer {
  const name = Buffer.from('a.txt');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, Buffer.from('hola')]);
}
