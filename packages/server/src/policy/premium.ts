import {
  LOVE_SHARE_WINDOW_HOURS,
  LOVE_SHARES_PER_DAY,
  OnlineStatusCode,
  PremiumFeatureKey,
  Star,
} from '@tertulia/contract';

/**
 * The one answer to "is this member VIP now" and "has this member premium feature X now"
 * (docs/premium.md). Everything is computed from the member's row and the clock: the expiry
 * times are stored on `users`, so a perk ends the moment its time passes, on every instance,
 * with no job to run and no cache to drop. Rows are cached only until a write to them
 * (http/session-cache.ts), and a passing clock needs no write.
 */

/** What the premium rules read of a member's row. */
export interface PremiumFace {
  /** Stored flags: 1 the moco star, 2 a VIP that does not expire (staff, demo), 3 both. */
  star: number;
  vip_until: number;
  no_ads_until: number;
  who_viewed_until: number;
  im_status_until: number;
  share_love_until: number;
}

/** The row column holding the expiry of each feature bought apart from VIP. */
export const FEATURE_COLUMN = {
  [PremiumFeatureKey.NO_ADS]: 'no_ads_until',
  [PremiumFeatureKey.WHO_VIEWED_ME]: 'who_viewed_until',
  [PremiumFeatureKey.IM_STATUS]: 'im_status_until',
  [PremiumFeatureKey.SHARE_LOVE]: 'share_love_until',
} as const satisfies Record<PremiumFeatureKey, keyof PremiumFace>;

/** VIP brings every premium feature with it (spec 6: ad-free, invisible, who viewed me). */
export const VIP_FEATURES: readonly PremiumFeatureKey[] = Object.values(PremiumFeatureKey);

const storedVip = (star: number) => star === Star.VIP || star === Star.BOTH;

/** Whether the member is VIP at `now`: a permanent VIP star, or a VIP time not yet over. */
export function isVip(row: Pick<PremiumFace, 'star' | 'vip_until'>, now = Date.now()): boolean {
  return storedVip(row.star) || Number(row.vip_until) > now;
}

/** When VIP ends: epoch ms, Infinity for a permanent VIP, 0 when not VIP at `now`. */
export function vipEndsAt(row: Pick<PremiumFace, 'star' | 'vip_until'>, now = Date.now()): number {
  if (storedVip(row.star)) return Number.POSITIVE_INFINITY;
  return Number(row.vip_until) > now ? Number(row.vip_until) : 0;
}

/** User.star as others see it now: the moco star kept, the VIP star while VIP lasts. */
export function effectiveStar(row: Pick<PremiumFace, 'star' | 'vip_until'>, now = Date.now()): number {
  const moco = row.star === Star.MOCO || row.star === Star.BOTH;
  const vip = isVip(row, now);
  return vip ? (moco ? Star.BOTH : Star.VIP) : moco ? Star.MOCO : 0;
}

/** Until when the member has a feature bought on its own (not through VIP); 0 when not now. */
export function boughtUntil(row: PremiumFace, feature: PremiumFeatureKey, now = Date.now()): number {
  const until = Number(row[FEATURE_COLUMN[feature]]);
  return until > now ? until : 0;
}

/** Whether the member has the premium feature now, through VIP or bought on its own. */
export function hasFeature(row: PremiumFace, feature: PremiumFeatureKey, now = Date.now()): boolean {
  return (isVip(row, now) && VIP_FEATURES.includes(feature)) || boughtUntil(row, feature, now) > 0;
}

/**
 * The next moment the member's premium answer changes by time alone (a VIP or feature expiry
 * still ahead), Infinity when none. Whatever caches an answer made from the row (the self view,
 * people/user-view.ts) must not keep it past this moment.
 */
export function nextPremiumChange(row: PremiumFace, now = Date.now()): number {
  let next = Number.POSITIVE_INFINITY;
  for (const until of [row.vip_until, ...Object.values(FEATURE_COLUMN).map((c) => row[c])]) {
    if (Number(until) > now) next = Math.min(next, Number(until));
  }
  return next;
}

/** Whether ads are shown to the member (anonymous visitors see them). */
export function seesAds(row: PremiumFace | null, now = Date.now()): boolean {
  return !row || !hasFeature(row, PremiumFeatureKey.NO_ADS, now);
}

/**
 * The member's online status as it counts now: invisibility set while they had IM_STATUS ends
 * with it (they show online again), busy and online stay as they are.
 */
export function effectiveOnlineStatus(
  row: PremiumFace & { online_status: number },
  now = Date.now(),
): number {
  if (row.online_status !== OnlineStatusCode.INVISIBLE) return row.online_status;
  return hasFeature(row, PremiumFeatureKey.IM_STATUS, now)
    ? OnlineStatusCode.INVISIBLE
    : OnlineStatusCode.ONLINE;
}

/** The custom status message likewise shows only while the member has IM_STATUS. */
export function effectiveOnlineMessage(
  row: PremiumFace & { online_message: string | null },
  now = Date.now(),
): string | null {
  return hasFeature(row, PremiumFeatureKey.IM_STATUS, now) ? row.online_message : null;
}

const HOUR_MS = 3_600_000;
/** The window SHARE_LOVE's shares are counted in (LOVE_SHARES_PER_DAY in any such window). */
export const LOVE_SHARE_WINDOW_MS = LOVE_SHARE_WINDOW_HOURS * HOUR_MS;

/**
 * SHARE_LOVE's counters (PremiumFeatureConfig.usages_remaining and hours_to_send) from when the
 * member shared love in the last window (`times`, epoch ms, oldest first; the ledger's `love`
 * transfers they made). Each share holds a place for LOVE_SHARE_WINDOW_HOURS; `hoursToSend` is
 * 0 while a place is free, else the whole hours (rounded up) until the oldest share frees one.
 */
export function loveAllowance(times: readonly number[], now = Date.now()) {
  const recent = times.filter((t) => t > now - LOVE_SHARE_WINDOW_MS);
  const usagesRemaining = Math.max(0, LOVE_SHARES_PER_DAY - recent.length);
  if (usagesRemaining > 0) return { usagesRemaining, hoursToSend: 0, nextAt: now };
  // The place that frees first is held by the share that is LOVE_SHARES_PER_DAY-th from the newest.
  const nextAt = recent[recent.length - LOVE_SHARES_PER_DAY] + LOVE_SHARE_WINDOW_MS;
  return { usagesRemaining, hoursToSend: Math.max(1, Math.ceil((nextAt - now) / HOUR_MS)), nextAt };
}
