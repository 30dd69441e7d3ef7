import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedMime, copiesVideo, ENCODE_MAX_SIDE, ingestArgs } from './ffmpeg-args';

const args = (mime: string) => ingestArgs({ mime, folder: '/tmp/x', run: 'abcd0123', threads: 1 });
const after = (list: string[], flag: string) => list[list.indexOf(flag) + 1];

describe('the ingest’s ffmpeg command (issue #35: keep up on a busy machine)', () => {
  it('copies H.264 as browsers record it, in WebM or MP4, and reads each container', () => {
    expect(copiesVideo('video/webm;codecs=h264,opus')).toBe(true);
    expect(copiesVideo('video/mp4;codecs=avc1.42E01E,opus')).toBe(true);
    expect(copiesVideo('video/webm;codecs=vp8,opus')).toBe(false);
    const webm = args('video/webm;codecs=h264,opus');
    expect(after(webm, '-c:v')).toBe('copy');
    expect(after(webm, '-f')).toBe('matroska');
    expect(webm).not.toContain('libx264');
    expect(after(args('video/mp4;codecs=avc1.42E01E,mp4a.40.2'), '-f')).toBe('mp4');
  });

  it('encodes anything else once with the fastest settings: ultrafast, zerolatency, one thread, 640 px', () => {
    const vp8 = args('video/webm;codecs=vp8,opus');
    expect(after(vp8, '-c:v')).toBe('libx264');
    expect(after(vp8, '-preset')).toBe('ultrafast');
    expect(after(vp8, '-tune')).toBe('zerolatency');
    expect(after(vp8, '-threads')).toBe('1');
    expect(after(vp8, '-vf')).toContain(String(ENCODE_MAX_SIDE));
  });

  it('accepts the recorders’ types only', () => {
    expect(acceptedMime('video/webm;codecs=vp8,opus')).toBe(true);
    expect(acceptedMime('video/mp4;codecs="avc1.42E01E,mp4a.40.2"')).toBe(true);
    expect(acceptedMime('application/x-sh')).toBe(false);
    expect(acceptedMime('video/webm;codecs=vp8;rm -rf')).toBe(false);
  });

  it('fits a 720p VP8 picture into 640 px and an upright one by its height, never enlarging', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-live-args-'));
    try {
      const size = (input: string) => {
        const source = path.join(dir, `${input}.webm`);
        // biome-ignore format: option and value pairs read best side by side
        const made = spawnSync('ffmpeg', [
          '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${input}:rate=5`,
          '-t', '1.2', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', source,
        ]);
        expect(made.status, String(made.stderr)).toBe(0);
        const out = path.join(dir, input);
        fs.mkdirSync(out);
        const command = ingestArgs({
          mime: 'video/webm;codecs=vp8',
          folder: out,
          run: 'abcd0123',
          threads: 1,
        });
        const run = spawnSync('ffmpeg', command, { input: fs.readFileSync(source) });
        expect(run.status, String(run.stderr)).toBe(0);
        const probe = spawnSync('ffprobe', [
          '-v',
          'error',
          '-select_streams',
          'v:0',
          '-show_entries',
          'stream=width,height',
          '-of',
          'csv=p=0',
          path.join(out, 'abcd0123-init.mp4'),
        ]);
        return String(probe.stdout).trim();
      };
      expect(size('1280x720')).toBe('640,360');
      expect(size('360x640')).toBe('360,640');
      expect(size('720x1280')).toBe('360,640');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
