import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** live_broadcasts (migrations 037, 063) and what the calls read of the broadcaster. */
export function liveStore(db: Kysely<Database>) {
  return {
    onAir: (userId: number) =>
      db
        .selectFrom('live_broadcasts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('ended_at', '=', 0)
        .orderBy('started_at', 'desc')
        .executeTakeFirst(),

    /** A broadcast by its public id, on air or ended. */
    byPublicId: (broadcastId: string) =>
      db.selectFrom('live_broadcasts').selectAll().where('broadcast_id', '=', broadcastId).executeTakeFirst(),

    byRowId: (id: number) =>
      db.selectFrom('live_broadcasts').selectAll().where('id', '=', id).executeTakeFirst(),

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
     * per member, migration 047): the row's id, or undefined when another request got there first.
     */
    async start(
      trx: Kysely<Database>,
      row: { user_id: number; broadcast_id: string; started_at: number; notified: number; title: string },
    ): Promise<number | undefined> {
      const inserted = await trx
        .insertInto('live_broadcasts')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    setRoom: (id: number, roomId: number) =>
      db.updateTable('live_broadcasts').set({ room_id: roomId }).where('id', '=', id).execute(),

    /**
     * Ends the broadcast if still on air (a conditional write: of two concurrent ends, one ends it);
     * true for the request that ended it.
     */
    async endById(trx: Kysely<Database>, id: number, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('live_broadcasts')
        .set({ ended_at: now })
        .where('id', '=', id)
        .where('ended_at', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Broadcasts on air, newest first (at most `max`: the list pages over what it may show). */
    onAirNow: (max: number) =>
      db
        .selectFrom('live_broadcasts')
        .selectAll()
        .where('ended_at', '=', 0)
        .orderBy('started_at', 'desc')
        .limit(max)
        .execute(),

    /** Broadcasts on air since before `before` (the time limit ends them). */
    onAirSince: (before: number) =>
      db
        .selectFrom('live_broadcasts')
        .select(['id', 'user_id', 'broadcast_id'])
        .where('ended_at', '=', 0)
        .where('started_at', '<', before)
        .execute(),

    /** Adds a gift's diamonds to the broadcast's total, in the gift's transaction: the new total. */
    async addDiamonds(trx: Kysely<Database>, id: number, diamonds: number): Promise<number> {
      const row = await trx
        .updateTable('live_broadcasts')
        .set((eb) => ({ diamonds: eb('diamonds', '+', diamonds) }))
        .where('id', '=', id)
        .returning('diamonds')
        .executeTakeFirstOrThrow();
      return Number(row.diamonds);
    },

    /** Raises the broadcast's peak viewers to `viewers` if higher: the previous peak, or undefined if not raised. */
    async raisePeak(id: number, viewers: number): Promise<number | undefined> {
      const before = await db
        .selectFrom('live_broadcasts')
        .select('peak_viewers')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before || before.peak_viewers >= viewers) return undefined;
      const result = await db
        .updateTable('live_broadcasts')
        .set({ peak_viewers: viewers })
        .where('id', '=', id)
        .where('peak_viewers', '=', before.peak_viewers)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? before.peak_viewers : undefined;
    },

    broadcaster: (userId: number) =>
      db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),

    users: (ids: number[]) =>
      ids.length ? db.selectFrom('users').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
  };
}
export type LiveStore = ReturnType<typeof liveStore>;
