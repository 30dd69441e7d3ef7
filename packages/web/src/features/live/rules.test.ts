import { describe, expect, it } from 'vitest';
import { recordingSize, recordingType } from './broadcaster';
import { refusalOf } from './StudioPage';
import { cameraProblemOf, constraintsFor } from './useCamera';

const config = {
  enabled: true,
  who: 'anyone' as const,
  mayGoLive: true,
  titleMax: 80,
  maxDurationMs: 1,
  maxViewers: 0,
};

describe('live rules on the web', () => {
  it('records H.264 when the browser can, in WebM or MP4 (the server then copies it), else VP8', () => {
    expect(recordingType(() => true)).toBe('video/webm;codecs=h264,opus');
    // Chromium recording MP4 without AAC: H.264 with Opus before VP8.
    expect(recordingType((t) => t === 'video/mp4;codecs=avc1.42E01E,opus' || t.includes('vp8'))).toBe(
      'video/mp4;codecs=avc1.42E01E,opus',
    );
    expect(recordingType((t) => t.includes('vp8'))).toBe('video/webm;codecs=vp8,opus');
    expect(recordingType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1.42E01E,mp4a.40.2');
    expect(recordingType(() => false)).toBeUndefined();
  });

  it('records at the camera size, scaled to fit 720p, even sides, upright phones kept upright', () => {
    expect(recordingSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(recordingSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(recordingSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(recordingSize(0, 0)).toEqual({ width: 640, height: 480 });
  });

  it('names why the camera does not show', () => {
    expect(cameraProblemOf({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraProblemOf({ name: 'NotFoundError' })).toBe('noCamera');
    expect(cameraProblemOf({ name: 'NotReadableError' })).toBe('busy');
    expect(cameraProblemOf(new TypeError('no'))).toBe('unsupported');
    expect(constraintsFor('environment').video).toMatchObject({ facingMode: 'environment' });
  });

  it('says why a member may not go live, from live/getConfig.do', () => {
    expect(refusalOf(config)).toBeUndefined();
    expect(refusalOf({ ...config, enabled: false, mayGoLive: false })).toBe('live.notAllowed.disabled');
    expect(refusalOf({ ...config, who: 'vip', mayGoLive: false })).toBe('live.notAllowed.vip');
    expect(refusalOf({ ...config, who: 'verified', mayGoLive: false })).toBe('live.notAllowed.verified');
  });
});
