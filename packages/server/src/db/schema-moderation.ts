/** Tables: Reports, the moderation log and analytics (docs/moderation.md, docs/analytics.md). */
import type { Generated } from 'kysely';

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  /** Null for an ad report (kind 'ad'). */
  reported_id: number | null;
  kind: string;
  item_id: number | null;
  comment: string | null;
  url: string | null;
  status: Generated<string>;
  created_at: number;
  resolution: Generated<string | null>;
  resolved_by: Generated<number | null>;
  resolved_at: Generated<number | null>;
}

/** Every moderation action, append-only (a trigger refuses UPDATE and DELETE). */
export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_id: number | null;
  report_id: number | null;
  kind: string | null;
  item_id: number | null;
  reason: string | null;
  /** JSON. */
  details: string | null;
  created_at: number;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  /** JSON. */
  props: string | null;
  page: string | null;
  release: string | null;
  created_at: number;
}

export interface ModerationTables {
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  analytics_events: AnalyticsEventsTable;
  /** Daily totals per metric ('event:<name>', 'error:<message>', 'active', 'signups', ...). */
  analytics_daily: { day: string; metric: string; value: Generated<number> };
  analytics_active: { day: string; user_id: number };
  /** One Core Web Vital report (LCP, INP, CLS) of a page route (migration 074). */
  web_vitals: WebVitalsTable;
}

export interface WebVitalsTable {
  id: Generated<number>;
  page: string;
  metric: string;
  value: number;
  created_at: number;
}
