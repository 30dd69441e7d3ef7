import { describe, expect, it } from 'vitest';
import { showAds } from './showAds';

describe('side ad columns', () => {
  it('show for visitors and members the server does not call ad-free', () => {
    expect(showAds(null, false)).toBe(true);
    expect(showAds({}, false)).toBe(true);
    expect(showAds({ adFree: false }, false)).toBe(true);
  });

  it("hide for members the server calls ad-free (VIP or NO_ADS: policy/standing.ts's answer)", () => {
    expect(showAds({ adFree: true }, false)).toBe(false);
  });

  it('never re-derive VIP from a star or a feature list: only the server decides', () => {
    expect(showAds({ star: 2, adFree: false } as never, false)).toBe(true);
    expect(showAds({ premiumFeatures: ['NO_ADS'], adFree: false } as never, false)).toBe(true);
  });

  it('hide on pages flagged ad-free', () => {
    expect(showAds(null, true)).toBe(false);
    expect(showAds({ adFree: false }, true)).toBe(false);
  });
});
