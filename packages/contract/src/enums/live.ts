/** Enumerations: live broadcasts. docs/live.md. */

/** Who may go live (config `LIVE_WHO`): any member who is not banned, only verified members, only VIPs. */
export const LiveWho = { ANYONE: 'anyone', VERIFIED: 'verified', VIP: 'vip' } as const;
export type LiveWho = (typeof LiveWho)[keyof typeof LiveWho];

/**
 * live/getTopStreamers.do `diamonds`: the period the ranking counts diamonds over (ours: the spec
 * names the parameter, not its values). `day` and `week` are the last 24 hours and 7 days.
 */
export const LivePeriod = { DAY: 'day', WEEK: 'week', ALL: 'all' } as const;
export type LivePeriod = (typeof LivePeriod)[keyof typeof LivePeriod];

/** Limits of a broadcast (live/getConfig.do answers them; the server enforces them). */
export const LiveLimits = {
  TITLE_MAX: 80,
  /** A broadcast is ended by the server past this long on air (4 hours). */
  MAX_DURATION_MS: 4 * 3_600_000,
} as const;

/** A broadcast id: 16 URL-safe characters (12 random bytes, base64url). */
export const BROADCAST_ID_PATTERN = '^[A-Za-z0-9_-]{16}$';

/** The HLS playlist of a broadcast, served by the live media path (docs/live.md). */
export const livePlaylistPath = (broadcastId: string) => `/media/live/${broadcastId}/index.m3u8`;

/** The web page of a broadcast (notifications and feed events open it). */
export const liveBroadcastPage = (userId: number) => `/live?u=${userId}`;

/**
 * Feed events 301-304 (ours: the spec numbers them without naming them). 301 and 302 are the
 * start and end of a broadcast; 303 a gift received live (at most one event per broadcast: the
 * first gift, later gifts add to it); 304 a viewer milestone reached (LIVE_VIEWER_MILESTONES).
 */
export const LiveFeedEvent = { STARTED: 301, ENDED: 302, GIFT_RECEIVED: 303, MILESTONE: 304 } as const;

/** Viewer counts that write feed event 304 the first time a broadcast reaches them. */
export const LIVE_VIEWER_MILESTONES = [10, 50, 100, 500, 1000] as const;
