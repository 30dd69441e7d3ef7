/**
 * Live broadcasts (docs/web-push.md, "Broadcasts"). Who may watch follows the profile: the member
 * always; nobody across a block (either way) or of a banned member; only friends when the profile
 * is private; otherwise anyone, logged in or not (a public broadcast is shared like a profile).
 */
export interface BroadcastTies {
  isBroadcaster: boolean;
  blocked: boolean;
  isFriend: boolean;
  broadcasterPrivate: boolean;
  broadcasterGone: boolean;
}

export function mayWatchBroadcast(t: BroadcastTies): boolean {
  if (t.isBroadcaster) return true;
  if (t.blocked || t.broadcasterGone) return false;
  return t.isFriend || !t.broadcasterPrivate;
}

/** Going on air at most this often per member (a start–stop loop is refused past it). */
export const STARTS_PER_HOUR = 12;

/**
 * Friends are told of a member's broadcast at most once in this time: going off and on air again
 * (a dropped connection, a second try) does not notify them again.
 */
export const NOTIFY_GAP_MS = 30 * 60_000;

export const friendsToBeTold = (lastNotifiedAt: number | undefined, now: number) =>
  lastNotifiedAt === undefined || now - lastNotifiedAt >= NOTIFY_GAP_MS;
