import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** live_broadcasts (migration 037) and what the calls read of the broadcaster. */
export function liveStore(db: Kysely<Database>) {
  return {
    onAir: (userId: number) =>
      db
        .selectFrom('live_broadcasts')
        .select(['broadcast_id', 'started_at'])
        .where('user_id', '=', userId)
        .where('ended_at', '=', 0)
        .orderBy('started_at', 'desc')
        .executeTakeFirst(),

    /** When the member's friends were last notified of a broadcast (undefined: never). */
    async lastNotifiedAt(userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('live_broadcasts')
        .select('started_at')
        .where('user_id', '=', userId)
        .where('notified', '=', 1)
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.started_at) : undefined;
    },

    /**
     * Puts the member on air unless they already are (a unique index allows one broadcast on air
     * per member, migration 047): false when another request got there first.
     */
    async start(
      trx: Kysely<Database>,
      row: { user_id: number; broadcast_id: string; started_at: number; notified: number },
    ) {
      const inserted = await trx
        .insertInto('live_broadcasts')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Ends whatever the member has on air; the number of broadcasts ended. */
    async end(userId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('live_broadcasts')
        .set({ ended_at: now })
        .where('user_id', '=', userId)
        .where('ended_at', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    broadcaster: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'buddies_private', 'banned_at', 'deleted_at'])
        .where('id', '=', userId)
        .executeTakeFirst(),
  };
}
