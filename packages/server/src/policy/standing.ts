import { OnlineStatusCode, PremiumFeatureKey } from '@tertulia/contract';
import { effectiveOnlineStatus, hasFeature, isVip, type PremiumFace, seesAds, vipEndsAt } from './premium';

/**
 * A member's standing, in one place (docs/architecture.md, "The policy module"): banned, deleted,
 * gagged (site-wide and in a room), VIP and premium features, invisibility. Pure functions of the
 * member's row and the clock; the server asks them, and the web reads their answers from the
 * member's own User (toSelf: vip, vipUntil, premiumFeatures, adFree, invisible, chatGagExpiration),
 * never re-deriving them. The premium rules themselves are policy/premium.ts.
 */

/** What the standing rules read of a member's row. */
export interface StandingFace extends PremiumFace {
  banned_at: number;
  ban_until: number;
  deleted_at: number;
  chat_gag_until: number;
  online_status: number;
}

/** Deleted (in the 30 days a login restores it, or awaiting the purge). */
export const isDeleted = (row: Pick<StandingFace, 'deleted_at'>): boolean => Number(row.deleted_at) > 0;

/**
 * Banned now by the team: a ban without end, or a timed ban still running. A deleted member is
 * hidden the same way (banned_at is set with deleted_at) but is not banned.
 */
export function isBanned(
  row: Pick<StandingFace, 'banned_at' | 'ban_until' | 'deleted_at'>,
  now = Date.now(),
) {
  if (Number(row.banned_at) === 0 || isDeleted(row)) return false;
  return Number(row.ban_until) === 0 || Number(row.ban_until) > now;
}

/** A ban without an end date (until the team lifts it). */
export const banWithoutEnd = (row: Pick<StandingFace, 'ban_until'>): boolean => Number(row.ban_until) === 0;

/** A timed ban whose end has passed: lifted at the member's next login or by the expiry job. */
export function banEnded(
  row: Pick<StandingFace, 'banned_at' | 'ban_until' | 'deleted_at'>,
  now = Date.now(),
) {
  return (
    Number(row.banned_at) > 0 && !isDeleted(row) && Number(row.ban_until) > 0 && Number(row.ban_until) <= now
  );
}

/** A deletion in its grace period (hidden as banned from the same moment): a login restores it. */
export const restorableOnLogin = (row: Pick<StandingFace, 'banned_at' | 'deleted_at'>): boolean =>
  isDeleted(row) && Number(row.banned_at) === Number(row.deleted_at);

/** Hidden from everyone but admins (banned or deleted): what every member list leaves out. */
export const isHidden = (row: Pick<StandingFace, 'banned_at'>): boolean => Number(row.banned_at) > 0;

/**
 * Until when the member is gagged (epoch ms, 0 when not): the site-wide gag of an admin, or the
 * gag of a room's bosses when `roomGagUntil` (that room's) is given, whichever ends later.
 */
export function gaggedUntil(
  row: Pick<StandingFace, 'chat_gag_until'>,
  roomGagUntil = 0,
  now = Date.now(),
): number {
  const site = Number(row.chat_gag_until) > now ? Number(row.chat_gag_until) : 0;
  const room = roomGagUntil > now ? roomGagUntil : 0;
  return Math.max(site, room);
}

export const isGagged = (row: Pick<StandingFace, 'chat_gag_until'>, roomGagUntil = 0, now = Date.now()) =>
  gaggedUntil(row, roomGagUntil, now) > 0;

/** Invisible to others now: the invisible status, while IM_STATUS (or VIP) lasts. */
export const isInvisible = (row: PremiumFace & { online_status: number }, now = Date.now()) =>
  effectiveOnlineStatus(row, now) === OnlineStatusCode.INVISIBLE;

/** A member's standing as their own User carries it (toSelf), for the web to read as it is. */
export interface Standing {
  vip: boolean;
  /** Epoch ms; undefined when not VIP or VIP without end. */
  vipUntil?: number;
  premiumFeatures: PremiumFeatureKey[];
  adFree: boolean;
  invisible: boolean;
  /** Epoch ms of the site-wide chat gag's end; 0 when not gagged. */
  chatGagExpiration: number;
}

export function standingOf(
  row: PremiumFace & Pick<StandingFace, 'online_status' | 'chat_gag_until'>,
  now = Date.now(),
): Standing {
  const vipEnds = vipEndsAt(row, now);
  return {
    vip: isVip(row, now),
    vipUntil: vipEnds > 0 && Number.isFinite(vipEnds) ? vipEnds : undefined,
    premiumFeatures: Object.values(PremiumFeatureKey).filter((f) => hasFeature(row, f, now)),
    adFree: !seesAds(row, now),
    invisible: isInvisible(row, now),
    chatGagExpiration: gaggedUntil(row, 0, now),
  };
}
