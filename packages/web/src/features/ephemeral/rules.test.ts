import { describe, expect, it } from 'vitest';
import { countdownSeconds, kindOfFile, thumbAttempt, tileState } from './rules';

describe('view-once tile rules', () => {
  it('is a placeholder until ready, active while time is left, viewed at zero or less', () => {
    expect(tileState(undefined)).toBe('placeholder');
    expect(tileState({ placeholder: true, remaining: 10 })).toBe('placeholder');
    expect(tileState({ placeholder: false, remaining: 0.1 })).toBe('active');
    expect(tileState({ placeholder: false, remaining: 0 })).toBe('viewed');
    expect(tileState({ placeholder: false, remaining: -2 })).toBe('viewed');
  });

  it('counts down in whole seconds, rounded up, never negative', () => {
    expect(countdownSeconds(9_001)).toBe(10);
    expect(countdownSeconds(1)).toBe(1);
    expect(countdownSeconds(-50)).toBe(0);
  });

  it('asks for the thumbnail again with a fresh URL', () => {
    expect(thumbAttempt('/media/img/videoephemeral_3_user9', 0)).toBe('/media/img/videoephemeral_3_user9');
    expect(thumbAttempt('/media/img/videoephemeral_3_user9', 2)).toBe(
      '/media/img/videoephemeral_3_user9?try=2',
    );
    expect(thumbAttempt('/media/img/k.jpg?w=300', 1)).toBe('/media/img/k.jpg?w=300&try=1');
  });

  it('sorts picked files into photos and videos and refuses the rest', () => {
    expect(kindOfFile('image/jpeg')).toBe('photo');
    expect(kindOfFile('video/quicktime')).toBe('video');
    expect(kindOfFile('application/pdf')).toBeUndefined();
  });
});
