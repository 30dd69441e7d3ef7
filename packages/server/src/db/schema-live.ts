/** Tables: live broadcasts (docs/web-push.md, "Broadcasts"). */
import type { Generated } from 'kysely';

/** One time a member went live (migration 037). */
export interface LiveBroadcastsTable {
  id: Generated<number>;
  user_id: number;
  /** The public id of the broadcast (random, in links and live/getBroadcastId.do). */
  broadcast_id: string;
  started_at: number;
  /** 0 while on air. */
  ended_at: Generated<number>;
  /** 1: the member's friends were notified of this broadcast. */
  notified: Generated<number>;
}

export interface LiveTables {
  live_broadcasts: LiveBroadcastsTable;
}
