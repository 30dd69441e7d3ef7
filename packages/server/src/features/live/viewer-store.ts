import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Who watches which broadcast now (live_viewers, migration 063). Rows live in the database, so
 * every instance counts the same viewers, as chat rooms count their members (docs/live.md).
 */
export function viewerStore(db: Kysely<Database>) {
  return {
    /** Counts the viewer in (again: a second join is no second viewer). */
    join: (broadcastRowId: number, userId: number, now: number) =>
      db
        .insertInto('live_viewers')
        .values({ broadcast_id: broadcastRowId, user_id: userId, joined_at: now })
        .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).doUpdateSet({ joined_at: now }))
        .execute(),

    async leave(broadcastRowId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('live_viewers')
        .where('broadcast_id', '=', broadcastRowId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Takes the member out of every broadcast they watch: the broadcasts' row ids. */
    async leaveAll(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('live_viewers')
        .select('broadcast_id')
        .where('user_id', '=', userId)
        .execute();
      if (rows.length === 0) return [];
      await db.deleteFrom('live_viewers').where('user_id', '=', userId).execute();
      return rows.map((r) => r.broadcast_id);
    },

    /** Everyone out of an ended broadcast: who was watching. */
    async clear(broadcastRowId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('live_viewers')
        .select('user_id')
        .where('broadcast_id', '=', broadcastRowId)
        .execute();
      await db.deleteFrom('live_viewers').where('broadcast_id', '=', broadcastRowId).execute();
      return rows.map((r) => r.user_id);
    },

    async count(broadcastRowId: number): Promise<number> {
      const row = await db
        .selectFrom('live_viewers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('broadcast_id', '=', broadcastRowId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Viewer counts of several broadcasts (absent: none). */
    async counts(broadcastRowIds: number[]): Promise<Map<number, number>> {
      if (broadcastRowIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('live_viewers')
        .select(['broadcast_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('broadcast_id', 'in', broadcastRowIds)
        .groupBy('broadcast_id')
        .execute();
      return new Map(rows.map((r) => [r.broadcast_id, Number(r.n)]));
    },

    viewerIds: async (broadcastRowId: number) =>
      (
        await db
          .selectFrom('live_viewers')
          .select('user_id')
          .where('broadcast_id', '=', broadcastRowId)
          .execute()
      ).map((r) => r.user_id),

    /** Viewers of the broadcast who joined before `before` (candidates for the socket check). */
    joinedBefore: (broadcastRowId: number, before: number) =>
      db
        .selectFrom('live_viewers')
        .select('user_id')
        .where('broadcast_id', '=', broadcastRowId)
        .where('joined_at', '<', before)
        .execute(),
  };
}
export type ViewerStore = ReturnType<typeof viewerStore>;
