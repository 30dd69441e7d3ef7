import fs from 'node:fs';
import { ProfileMediaLimits } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors';
import { audioTranscodeArgs, probeAudio, sniffAudio } from './audio';
import { testSongs, testVideos, textAsMp4, zipBytes } from './test-videos';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));
const head = (file: string) => fs.readFileSync(file).subarray(0, 64);

/** The profile song's checks (docs/profile-media.md): bytes decide, then ffprobe, then length. */
describe('profile song validation', () => {
  it('knows common audio files by their first bytes, never by name', () => {
    expect(sniffAudio(bytes('ID3', 3, 0))).toBe('mp3');
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90))).toBe('mp3');
    expect(sniffAudio(bytes(0xff, 0xf1, 0x50))).toBe('aac');
    expect(sniffAudio(bytes('OggS', 0))).toBe('ogg');
    expect(sniffAudio(bytes('fLaC'))).toBe('flac');
    expect(sniffAudio(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe('wav');
    expect(sniffAudio(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBeUndefined();
    expect(sniffAudio(bytes(0, 0, 0, 0x20, 'ftypM4A '))).toBe('mp4');
    expect(sniffAudio(bytes(0x1a, 0x45, 0xdf, 0xa3))).toBe('webm');
    expect(sniffAudio(textAsMp4())).toBeUndefined();
    expect(sniffAudio(zipBytes())).toBeUndefined();
    expect(sniffAudio(new Uint8Array())).toBeUndefined();
  });

  it('accepts a song within the source limit and refuses the rest with the reason', async () => {
    const max = ProfileMediaLimits.SOURCE_MAX_SECONDS;
    const mp3 = await probeAudio('ffprobe', testSongs.mp3(), head(testSongs.mp3()), max);
    expect(mp3.container).toBe('mp3');
    expect(mp3.seconds).toBeGreaterThan(2.5);
    expect((await probeAudio('ffprobe', testSongs.ogg(), head(testSongs.ogg()), max)).container).toBe('ogg');

    const refusal = async (file: string) => {
      try {
        await probeAudio('ffprobe', file, head(file), max);
      } catch (error) {
        return (error as ApiError).key;
      }
      return 'accepted';
    };
    expect(await refusal(testSongs.tooLong())).toBe('song.tooLong');
    // A video without sound is an MP4 by its bytes but has nothing to play as a song.
    expect(await refusal(testVideos.silentMp4())).toBe('song.unreadable');
    const error = await probeAudio('ffprobe', testSongs.tooLong(), head(testSongs.tooLong()), max).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.vars).toMatchObject({ minutes: '10' });
  });

  it('transcodes to AAC in MP4, sound only, cut to the limit, index first', () => {
    const args = audioTranscodeArgs('in.mp3', 'out.m4a', {
      maxSeconds: ProfileMediaLimits.SONG_MAX_SECONDS,
      threads: 1,
    });
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '360']);
    expect(args.indexOf('-t')).toBeLessThan(args.indexOf('-i'));
    expect(args).toEqual(expect.arrayContaining(['-vn', '-c:a', 'aac', '+faststart', 'mp4']));
    expect(args.at(-1)).toBe('out.m4a');
  });
});
