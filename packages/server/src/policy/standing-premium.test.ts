import { OnlineStatusCode, PremiumFeatureKey, Star } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import {
  boughtUntil,
  effectiveOnlineMessage,
  effectiveOnlineStatus,
  effectiveStar,
  hasFeature,
  isVip,
  loveAllowance,
  nextPremiumChange,
  seesAds,
  vipEndsAt,
} from './premium';
import {
  banEnded,
  gaggedUntil,
  isBanned,
  isDeleted,
  isGagged,
  isHidden,
  isInvisible,
  standingOf,
} from './standing';

/** Pure rules of standing and premium (docs/premium.md, docs/architecture.md): tables, no app. */
const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const row = (o: Partial<Record<string, number | string | null>> = {}) =>
  ({
    star: 0,
    vip_until: 0,
    no_ads_until: 0,
    who_viewed_until: 0,
    im_status_until: 0,
    share_love_until: 0,
    banned_at: 0,
    ban_until: 0,
    deleted_at: 0,
    chat_gag_until: 0,
    online_status: OnlineStatusCode.ONLINE,
    online_message: 'hola',
    ...o,
  }) as never;

describe('premium: VIP and features', () => {
  it.each([
    ['no star, no time', {}, false, 0, 0],
    ['moco star only', { star: Star.MOCO }, false, 0, Star.MOCO],
    ['permanent VIP star', { star: Star.VIP }, true, Infinity, Star.VIP],
    ['both stars', { star: Star.BOTH }, true, Infinity, Star.BOTH],
    ['VIP time ahead', { vip_until: NOW + HOUR }, true, NOW + HOUR, Star.VIP],
    ['VIP time ahead, moco star', { star: Star.MOCO, vip_until: NOW + HOUR }, true, NOW + HOUR, Star.BOTH],
    ['VIP time just over', { vip_until: NOW }, false, 0, 0],
  ])('%s: VIP %s, ends %s, star %s', (_name, o, vip, ends, star) => {
    expect(isVip(row(o), NOW)).toBe(vip);
    expect(vipEndsAt(row(o), NOW)).toBe(ends);
    expect(effectiveStar(row(o), NOW)).toBe(star);
  });

  it.each([
    ['nothing', {}, PremiumFeatureKey.NO_ADS, false, 0],
    ['VIP brings every feature', { star: Star.VIP }, PremiumFeatureKey.SHARE_LOVE, true, 0],
    ['bought apart', { no_ads_until: NOW + HOUR }, PremiumFeatureKey.NO_ADS, true, NOW + HOUR],
    ['bought another one', { no_ads_until: NOW + HOUR }, PremiumFeatureKey.IM_STATUS, false, 0],
    ['bought, ended', { who_viewed_until: NOW - 1 }, PremiumFeatureKey.WHO_VIEWED_ME, false, 0],
  ])('%s: has %s → %s', (_name, o, feature, has, until) => {
    expect(hasFeature(row(o), feature, NOW)).toBe(has);
    expect(boughtUntil(row(o), feature, NOW)).toBe(until);
  });

  it('ads: visitors and plain members see them; VIP and NO_ADS do not', () => {
    expect(seesAds(null, NOW)).toBe(true);
    expect(seesAds(row(), NOW)).toBe(true);
    expect(seesAds(row({ star: Star.VIP }), NOW)).toBe(false);
    expect(seesAds(row({ no_ads_until: NOW + 1 }), NOW)).toBe(false);
  });

  it('the next change by time alone is the nearest expiry ahead', () => {
    expect(nextPremiumChange(row(), NOW)).toBe(Infinity);
    expect(nextPremiumChange(row({ vip_until: NOW + 5 * HOUR, im_status_until: NOW + HOUR }), NOW)).toBe(
      NOW + HOUR,
    );
    expect(nextPremiumChange(row({ vip_until: NOW - 1 }), NOW)).toBe(Infinity);
  });

  it.each([
    ['online stays online', OnlineStatusCode.ONLINE, {}, OnlineStatusCode.ONLINE, null],
    ['busy stays busy', OnlineStatusCode.BUSY, {}, OnlineStatusCode.BUSY, null],
    [
      'invisible without IM_STATUS shows online',
      OnlineStatusCode.INVISIBLE,
      {},
      OnlineStatusCode.ONLINE,
      null,
    ],
    [
      'invisible with IM_STATUS',
      OnlineStatusCode.INVISIBLE,
      { im_status_until: NOW + 1 },
      OnlineStatusCode.INVISIBLE,
      'hola',
    ],
    ['invisible as VIP', OnlineStatusCode.INVISIBLE, { star: Star.VIP }, OnlineStatusCode.INVISIBLE, 'hola'],
  ])('%s', (_name, status, o, effective, message) => {
    const r = row({ ...o, online_status: status });
    expect(effectiveOnlineStatus(r, NOW)).toBe(effective);
    expect(effectiveOnlineMessage(r, NOW)).toBe(message);
    expect(isInvisible(r, NOW)).toBe(effective === OnlineStatusCode.INVISIBLE);
  });

  it.each([
    ['no shares', [], 5, 0],
    ['four recent shares', [1, 2, 3, 4].map((h) => NOW - h * HOUR), 1, 0],
    ['five recent shares: wait for the oldest', [20, 10, 5, 3, 1].map((h) => NOW - h * HOUR), 0, 4],
    ['old shares do not count', [30, 26].map((h) => NOW - h * HOUR), 5, 0],
  ])('SHARE_LOVE counters: %s', (_name, times, usagesRemaining, hoursToSend) => {
    expect(loveAllowance(times, NOW)).toMatchObject({ usagesRemaining, hoursToSend });
  });
});

describe('standing: banned, deleted, hidden, gagged', () => {
  it.each([
    ['a member in good standing', {}, false, false, false, false],
    ['banned for ever', { banned_at: 1 }, true, false, true, false],
    ['banned until later', { banned_at: 1, ban_until: NOW + HOUR }, true, false, true, false],
    ['a timed ban that has ended', { banned_at: 1, ban_until: NOW }, false, false, true, true],
    ['deleted (hidden like a ban)', { banned_at: 5, deleted_at: 5 }, false, true, true, false],
  ])('%s', (_name, o, banned, deleted, hidden, ended) => {
    expect(isBanned(row(o), NOW)).toBe(banned);
    expect(isDeleted(row(o))).toBe(deleted);
    expect(isHidden(row(o))).toBe(hidden);
    expect(banEnded(row(o), NOW)).toBe(ended);
  });

  it.each([
    ['not gagged', 0, 0, 0],
    ['site-wide', NOW + HOUR, 0, NOW + HOUR],
    ['site-wide, over', NOW - 1, 0, 0],
    ['in the room', 0, NOW + 2 * HOUR, NOW + 2 * HOUR],
    ['both: the later end', NOW + 3 * HOUR, NOW + HOUR, NOW + 3 * HOUR],
    ['room gag over', 0, NOW, 0],
  ])('gag: %s', (_name, site, room, until) => {
    expect(gaggedUntil(row({ chat_gag_until: site }), room, NOW)).toBe(until);
    expect(isGagged(row({ chat_gag_until: site }), room, NOW)).toBe(until > 0);
  });

  it("a member's own standing, as their User carries it", () => {
    expect(standingOf(row(), NOW)).toEqual({
      vip: false,
      vipUntil: undefined,
      premiumFeatures: [],
      adFree: false,
      invisible: false,
      chatGagExpiration: 0,
    });
    const vip = standingOf(
      row({ vip_until: NOW + HOUR, online_status: OnlineStatusCode.INVISIBLE, chat_gag_until: NOW + 60_000 }),
      NOW,
    );
    expect(vip).toEqual({
      vip: true,
      vipUntil: NOW + HOUR,
      premiumFeatures: Object.values(PremiumFeatureKey),
      adFree: true,
      invisible: true,
      chatGagExpiration: NOW + 60_000,
    });
    expect(standingOf(row({ star: Star.VIP }), NOW).vipUntil).toBeUndefined();
    expect(standingOf(row({ no_ads_until: NOW + 1 }), NOW)).toMatchObject({
      vip: false,
      premiumFeatures: [PremiumFeatureKey.NO_ADS],
      adFree: true,
    });
  });
});
