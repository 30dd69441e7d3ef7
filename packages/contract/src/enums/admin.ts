/** Enumerations: Moderation and the admin area (docs/moderation.md). */
/** What a moderator does with a report; every one is written to the audit log. */
export const ModerationAction = {
  DISMISS: 'dismiss',
  WARN: 'warn',
  REMOVE: 'remove',
  QUARANTINE: 'quarantine',
  GAG: 'gag',
  BAN: 'ban',
} as const;
export type ModerationAction = (typeof ModerationAction)[keyof typeof ModerationAction];

/** reports.kind: what was reported. Kinds added later plug into the queue the same way. */
export const ReportKind = {
  USER: 'user',
  CHAT: 'chat',
  PHOTO: 'photo',
  STORY: 'story',
  AD: 'ad',
  GAME: 'game',
} as const;

/** Site roles: admins do everything; moderators work the report queue. */
export const StaffRole = { MEMBER: 'member', MODERATOR: 'moderator', ADMIN: 'admin' } as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];

export const ModerationLimits = {
  /** Longest timed ban; 0 days bans until lifted by hand. */
  banDaysMax: 3650,
  /** A gag from the queue, in minutes (the chat's own admin limit). */
  gagMinutesDefault: 24 * 60,
  reasonMax: 500,
} as const;

/** Most events in one analytics/sendEvents.do batch; the web app sends at 20 (docs/analytics.md). */
export const ANALYTICS_BATCH_MAX = 50;
export const ANALYTICS_BATCH_SIZE = 20;
/** The event a browser script error travels as. */
export const SCRIPT_ERROR_EVENT = 'script_error';

/**
 * The event a Core Web Vital measured in a member's browser travels as (docs/analytics.md):
 * props `{metric, value, route}`, value in milliseconds (LCP, INP) or unitless (CLS).
 */
export const WEB_VITAL_EVENT = 'web_vital';
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];
