import { describe, expect, it } from 'vitest';
import { showAds } from './showAds';

describe('side ad columns', () => {
  it('show for visitors and ordinary members', () => {
    expect(showAds(null, false)).toBe(true);
    expect(showAds({ star: 1 }, false)).toBe(true);
    expect(showAds({}, false)).toBe(true);
  });

  it('hide for VIP members (star 2 or 3)', () => {
    expect(showAds({ star: 2 }, false)).toBe(false);
    expect(showAds({ star: 3 }, false)).toBe(false);
    expect(showAds({ vip: true }, false)).toBe(false);
  });

  it('hide for members who bought NO_ADS', () => {
    expect(showAds({ star: 0, premiumFeatures: ['NO_ADS'] }, false)).toBe(false);
    expect(showAds({ star: 0, premiumFeatures: ['IM_STATUS'] }, false)).toBe(true);
  });

  it('hide on pages flagged ad-free', () => {
    expect(showAds(null, true)).toBe(false);
    expect(showAds({ star: 1 }, true)).toBe(false);
  });
});
