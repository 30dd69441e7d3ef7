import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** What the video path reads of live_broadcasts (migration 037) and of the broadcaster. */
export function streamStore(db: Kysely<Database>) {
  return {
    /** A broadcast by its id, with what the watch rule reads of its streamer. */
    byBroadcastId: (broadcastId: string) =>
      db
        .selectFrom('live_broadcasts as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select([
          'b.user_id',
          'b.ended_at',
          'b.started_at',
          'u.buddies_private',
          'u.banned_at',
          'u.deleted_at',
        ])
        .where('b.broadcast_id', '=', broadcastId)
        .executeTakeFirst(),

    /** Ends the broadcast if it is still on air; true when this call ended it. */
    async end(broadcastId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('live_broadcasts')
        .set({ ended_at: now })
        .where('broadcast_id', '=', broadcastId)
        .where('ended_at', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The member's last broadcast that has ended (the one "save as story" means). */
    lastEnded: (userId: number) =>
      db
        .selectFrom('live_broadcasts')
        .select(['broadcast_id', 'ended_at'])
        .where('user_id', '=', userId)
        .where('ended_at', '>', 0)
        .orderBy('ended_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
  };
}

export type StreamStore = ReturnType<typeof streamStore>;
