import { PushKind } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { wantsPush } from './push-preferences';

const NOW = 1_800_000_000_000;
const choices = {
  messages: 1,
  friend_requests: 1,
  gifts: 1,
  profile_visits: 1,
  chat_private: 1,
  broadcasts: 1,
  media: 1,
  previews: 1,
};
const plain = {
  ...choices,
  star: 0,
  vip_until: 0,
  no_ads_until: 0,
  who_viewed_until: 0,
  im_status_until: 0,
  share_love_until: 0,
};

describe('profile visit pushes follow WHO_VIEWED_ME (policy/premium.ts), not the stored star', () => {
  it('a member without the perk gets none; other kinds are unaffected', () => {
    expect(wantsPush(plain, PushKind.PROFILE_VISITS, NOW)).toBe(false);
    expect(wantsPush(plain, PushKind.MESSAGES, NOW)).toBe(true);
  });

  it('WHO_VIEWED_ME bought apart counts, and stops counting the moment it ends', () => {
    const bought = { ...plain, who_viewed_until: NOW + 1000 };
    expect(wantsPush(bought, PushKind.PROFILE_VISITS, NOW)).toBe(true);
    expect(wantsPush(bought, PushKind.PROFILE_VISITS, NOW + 1000)).toBe(false);
  });

  it('bought VIP brings it, an expired VIP does not, a permanent VIP star does', () => {
    expect(wantsPush({ ...plain, vip_until: NOW + 5 }, PushKind.PROFILE_VISITS, NOW)).toBe(true);
    expect(wantsPush({ ...plain, vip_until: NOW - 5 }, PushKind.PROFILE_VISITS, NOW)).toBe(false);
    expect(wantsPush({ ...plain, star: 2 }, PushKind.PROFILE_VISITS, NOW)).toBe(true);
  });

  it('a member with the perk who muted the kind gets none', () => {
    const muted = { ...plain, star: 2, profile_visits: 0 };
    expect(wantsPush(muted, PushKind.PROFILE_VISITS, NOW)).toBe(false);
  });
});
