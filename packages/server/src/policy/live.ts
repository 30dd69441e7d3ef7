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
