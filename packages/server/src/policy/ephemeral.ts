import { isVip, type PremiumFace } from './premium';

/**
 * View-once media rules (docs/ephemeral.md), kept apart from the feature so every path (API,
 * media link, push) asks the same questions.
 */

/** Why a member may not send a view-once item into a chat room, in the order the spec checks. */
export type RoomSendRefusal = 'vipOnly' | 'gagged' | undefined;

/**
 * Spec 5/6: in a chat room only a VIP sends view-once media, and a gagged VIP (site-wide or in
 * this room) cannot. Conversations (IMs, groups) have no such rule.
 */
export function roomSendRefusal(
  sender: Pick<PremiumFace, 'star' | 'vip_until'>,
  gaggedUntil: number,
  now = Date.now(),
): RoomSendRefusal {
  if (!isVip(sender, now)) return 'vipOnly';
  if (gaggedUntil > now) return 'gagged';
  return undefined;
}

export interface ViewClock {
  viewed_ms: number;
  opened_at: number | null;
  opened_base_ms: number;
}

/**
 * Milliseconds a viewer has used: what they reported, or, while an open is running, the wall
 * clock since it started if that is more. A look never reported closed is charged in full, so
 * a client that stops reporting (reload, second tab, copied link) cannot stretch the time.
 */
export function usedMs(view: ViewClock | undefined, now: number): number {
  if (!view) return 0;
  const running = view.opened_at === null ? 0 : Number(view.opened_base_ms) + (now - Number(view.opened_at));
  return Math.max(Number(view.viewed_ms), running);
}

/** Seconds left for a viewer (never below zero). */
export function remainingSeconds(expiration: number, view: ViewClock | undefined, now: number): number {
  return Math.max(0, expiration - usedMs(view, now) / 1000);
}

/**
 * The media bytes go out only inside a running look with time left: after a reported close the
 * viewer must open again (which starts the clock again), and once the time is spent, never.
 */
export function mayStreamMedia(expiration: number, view: ViewClock | undefined, now: number): boolean {
  return !!view && view.opened_at !== null && usedMs(view, now) < expiration * 1000;
}

/** A reported time moves the viewer's record forward only: time is never given back. */
export function nextViewedMs(
  expiration: number,
  view: ViewClock | undefined,
  reportedSeconds: number,
  now: number,
) {
  const reported = Math.min(reportedSeconds, expiration) * 1000;
  return Math.min(expiration * 1000, Math.max(usedMs(view, now), Math.round(reported)));
}
