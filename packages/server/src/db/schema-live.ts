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
  /** Migration 063: the title, the broadcast's chat room, diamonds given in it, most viewers at once. */
  title: Generated<string>;
  room_id: number | null;
  diamonds: Generated<number>;
  peak_viewers: Generated<number>;
}

/** Who watches a broadcast now (migration 063; features/live/viewers.ts). */
export interface LiveViewersTable {
  /** live_broadcasts.id (the row, not the public id). */
  broadcast_id: number;
  user_id: number;
  joined_at: number;
}

/** The diamonds of each gift sent in a broadcast, for the rankings (migration 063). */
export interface LiveDiamondsTable {
  id: Generated<number>;
  streamer_id: number;
  broadcast_id: number;
  sender_id: number;
  diamonds: number;
  created_at: number;
}

export interface LiveTables {
  live_broadcasts: LiveBroadcastsTable;
  live_viewers: LiveViewersTable;
  live_diamonds: LiveDiamondsTable;
}
