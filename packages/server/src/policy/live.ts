import { isVip } from './premium';
import { isBanned, isDeleted, isHidden, type StandingFace } from './standing';
import { maySeeStories } from './stories';

/**
 * Live broadcasts (docs/web-push.md, "Broadcasts"). Who may watch is who may see the member's
 * stories: the member always; nobody across a block (either way) or of a banned member; only
 * friends when the profile is private; otherwise anyone. Unlike stories, a visitor who is not
 * logged in may see a public member's broadcast (it is shared like a profile): no ties, same rule.
 */
export const mayWatchBroadcast = maySeeStories;

/** Going on air at most this often per member (a start–stop loop is refused past it). */
export const STARTS_PER_HOUR = 12;

/**
 * Friends are told of a member's broadcast at most once in this time: going off and on air again
 * (a dropped connection, a second try) does not notify them again.
 */
export const NOTIFY_GAP_MS = 30 * 60_000;

export const friendsToBeTold = (lastNotifiedAt: number | undefined, now: number) =>
  lastNotifiedAt === undefined || now - lastNotifiedAt >= NOTIFY_GAP_MS;

/** What the go-live rule reads of a member. */
export interface GoLiveFace extends StandingFace {
  verified: number;
}

/** Why a member may not go live now, or null when they may (docs/live.md, "Who goes live"). */
export type GoLiveRefusal = 'disabled' | 'banned' | 'verifiedOnly' | 'vipOnly' | null;

/**
 * Going live: live must be on (LIVE_ENABLED); never a banned or deleted member; with LIVE_WHO
 * `verified` only verified members, with `vip` only VIPs (admins pass either).
 */
export function goLiveRefusal(
  config: { enabled: boolean; who: 'anyone' | 'verified' | 'vip' },
  member: GoLiveFace & { is_admin: number },
  now = Date.now(),
): GoLiveRefusal {
  if (!config.enabled) return 'disabled';
  if (isBanned(member, now) || isDeleted(member) || isHidden(member)) return 'banned';
  if (member.is_admin === 1) return null;
  if (config.who === 'verified' && member.verified !== 1) return 'verifiedOnly';
  if (config.who === 'vip' && !isVip(member, now)) return 'vipOnly';
  return null;
}

/** Who ends a broadcast: its streamer, or an admin (from the admin area). */
export const mayEndBroadcast = (viewer: { id: number; is_admin: number }, streamerId: number) =>
  viewer.id === streamerId || viewer.is_admin === 1;

/** Who moderates a broadcast's chat room: its streamer (the room's owner) and admins. */
export const mayModerateBroadcast = mayEndBroadcast;
