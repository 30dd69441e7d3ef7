/** Enumerations: Leaderboards, contests, daily spins and gems. docs/rewards.md. */
/**
 * The time zone whose calendar days the rewards count in: the daily spin opens again and the
 * "today" board starts over at midnight here.
 */
export const REWARDS_TIME_ZONE = 'Europe/Madrid';

/** gift/getLeaderboard.do and chat/getLeaderboard.do `type`: who gave most gold in gifts, or who received most. */
export const GiftLeaderboardType = { GIFTERS: 'gifters', RECEIVERS: 'receivers' } as const;
export type GiftLeaderboardType = (typeof GiftLeaderboardType)[keyof typeof GiftLeaderboardType];
/** The windows the leaderboards page offers, in days (0: all time). */
export const LEADERBOARD_WINDOWS = [1, 7, 30, 0] as const;

/**
 * The daily spin's wheel, published: each slot's prize and its chance in thousandths (they add
 * up to 1000). The server draws with these weights; the client only animates to the slot drawn.
 */
export const SPIN_WHEEL = [
  { slot: 0, currency: 'gold', amount: 5, weight: 300 },
  { slot: 1, currency: 'gems', amount: 10, weight: 220 },
  { slot: 2, currency: 'gold', amount: 10, weight: 180 },
  { slot: 3, currency: 'gems', amount: 25, weight: 120 },
  { slot: 4, currency: 'gold', amount: 25, weight: 90 },
  { slot: 5, currency: 'gems', amount: 50, weight: 50 },
  { slot: 6, currency: 'gold', amount: 100, weight: 30 },
  { slot: 7, currency: 'gold', amount: 500, weight: 10 },
] as const;
export type SpinCurrency = (typeof SPIN_WHEEL)[number]['currency'];
/** What a spin sent as a gift costs the sender, in gold. */
export const SPIN_GIFT_PRICE = 20;
/** The wheel's looks: a sent spin may pick one; the daily spin uses the first. */
export const SPIN_THEMES = ['clasico', 'fiesta', 'noche'] as const;

/**
 * What gems can be exchanged for (gift/exchangeGems.do): gold, a better rate for larger
 * exchanges, or days of VIP (added to any VIP time the member has).
 */
export const GEM_OFFERS = [
  { key: 'gold50', gems: 60, gold: 50, vipDays: 0 },
  { key: 'gold100', gems: 110, gold: 100, vipDays: 0 },
  { key: 'gold500', gems: 500, gold: 500, vipDays: 0 },
  { key: 'vip7', gems: 700, gold: 0, vipDays: 7 },
] as const;
export type GemOfferKey = (typeof GEM_OFFERS)[number]['key'];

/** Contest.type: prizes go to the top of a leaderboard, or to entrants drawn at random. */
export const ContestKind = { TOP: 'top', RANDOM: 'random' } as const;
export type ContestKind = (typeof ContestKind)[keyof typeof ContestKind];
/** Contest limits: name length, places paid, the longest a contest runs, ended ones listed. */
export const CONTEST_LIMITS = {
  NAME_MAX: 60,
  PLACES_MAX: 10,
  LONGEST_MS: 60 * 86_400_000,
  ENDED_SHOWN_MS: 7 * 86_400_000,
} as const;

/**
 * Spins and contests travel in chat lines and messages as tags, like gifts: `[spin]id[/spin]`,
 * `[contest]id[/contest]`. The tag names the object only: the server reads the spin or contest
 * and shows it only when the line's sender is the spin's spinner or sender (or the contest's
 * creator), so a typed tag shows nothing it does not own.
 */
export const spinTag = (id: number) => `[spin]${id}[/spin]`;
export const contestTag = (id: number) => `[contest]${id}[/contest]`;
export const spinIdOfTag = (content: string | undefined): number | undefined => {
  const match = /\[spin\](\d{1,10})\[\/spin\]/.exec(content ?? '');
  return match ? Number(match[1]) : undefined;
};
export const contestIdOfTag = (content: string | undefined): number | undefined => {
  const match = /\[contest\](\d{1,10})\[\/contest\]/.exec(content ?? '');
  return match ? Number(match[1]) : undefined;
};
