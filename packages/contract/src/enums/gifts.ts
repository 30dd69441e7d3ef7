/** Enumerations: Gold and gifts. docs/gifts.md. */
/**
 * Where a gift is given: on a profile, in a conversation (Message.gift) or in a chat room
 * (ChatEntry.gift). A feed gift (ours: the feed's gift button) is given on the profile.
 */
export const GiftSource = {
  PROFILE: 'profile',
  CONVERSATION: 'conversation',
  CHAT: 'chat',
  FEED: 'feed',
  /** Ours: in a live broadcast; the streamer earns diamonds instead of gems (docs/live.md). */
  LIVE: 'live',
} as const;
export type GiftSource = (typeof GiftSource)[keyof typeof GiftSource];

/** The catalogue's tags, in the order the gift dialog shows them. */
export const GIFT_TAGS = ['amor', 'amistad', 'fiesta', 'comida', 'naturaleza', 'lujo', 'vip'] as const;

/** A VIP receiver earns this much more (percent) from every gift received. */
export const VIP_GIFT_BONUS_PERCENT = 10;
/** Love points a receiver earns with every gift (through the ledger, docs/ledger.md). */
export const LOVE_PER_GIFT = 1;
/** The most love points one gift/sendLove.do shares. */
export const MAX_LOVE_SHARE = 1000;
/**
 * How many times SHARE_LOVE lets a member share love in any 24 hours (ours: the spec names the
 * counters, PremiumFeatureConfig.usages_remaining and hours_to_send, not the limit).
 */
export const LOVE_SHARES_PER_DAY = 5;
/** The window LOVE_SHARES_PER_DAY counts in: a share frees its place this long after it was made. */
export const LOVE_SHARE_WINDOW_HOURS = 24;
/** A gift in a chat room floats up as this many icons. */
export const GIFT_FLOAT_ICONS = 10;
/** user/getGiftHelper.do and setGiftHelper.do: the help dialog shown after receiving a gift. */
export const GiftHelperType = { RECEIVED: 'received' } as const;

/** The gold shop's packages: prices in cents, euros and dollars; bigger packages give more per cent. */
export const GOLD_PACKAGES = [
  { gold: 100, eur: 99, usd: 99 },
  { gold: 550, eur: 499, usd: 499 },
  { gold: 1200, eur: 999, usd: 999 },
  { gold: 2500, eur: 1999, usd: 1999 },
  { gold: 6500, eur: 4999, usd: 4999 },
] as const;
export type GoldCurrency = 'eur' | 'usd';

/** VIP as a subscription paid with money (ours: prices in cents per period). docs/premium.md. */
export const VIP_PLANS = [{ offer: 'vip_monthly', days: 30, eur: 799, usd: 899 }] as const;

/** A gift's artwork, generated for every gift; `scale` 2 is the high-density variant. */
export const giftImagePath = (giftId: number, scale: 1 | 2 = 1): string =>
  `/gifts/art/${giftId}${scale === 2 ? '@2x' : ''}.png`;

/** Gift lines of conversations and rooms carry `[gift]<id>[/gift]`: the gift's id, or undefined. */
export const giftIdOf = (content: string | undefined): number | undefined => {
  const match = /^\[gift\](\d{1,10})\[\/gift\]$/.exec(content ?? '');
  return match ? Number(match[1]) : undefined;
};
