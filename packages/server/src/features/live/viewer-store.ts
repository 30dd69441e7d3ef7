import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

type DB = Kysely<Database>;

/**
 * Counts the viewer in when the broadcast has room for one more (`max` 0: no cap) or they watch it
 * already: the count and the insert are one statement, so no other join slips between them.
 * True when they are in.
 */
async function joinIfRoom(db: DB, broadcastRowId: number, userId: number, now: number, max: number) {
  const result = await db
    .insertInto('live_viewers')
    .columns(['broadcast_id', 'user_id', 'joined_at'])
    .expression((eb) =>
      eb
        .selectFrom('live_broadcasts as b')
        .select([
          'b.id as broadcast_id',
          eb.cast<number>(eb.val(userId), 'integer').as('user_id'),
          eb.cast<number>(eb.val(now), 'bigint').as('joined_at'),
        ])
        .where('b.id', '=', broadcastRowId)
        .where((w) =>
          w.or([
            w(
              w
                .selectFrom('live_viewers as v')
                .select((c) => c.fn.countAll<number>().as('n'))
                .where('v.broadcast_id', '=', broadcastRowId),
              '<',
              max,
            ),
            w.exists(
              w
                .selectFrom('live_viewers as me')
                .select('me.user_id')
                .where('me.broadcast_id', '=', broadcastRowId)
                .where('me.user_id', '=', userId),
            ),
          ]),
        ),
    )
    .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).doUpdateSet({ joined_at: now }))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Who watches which broadcast now (live_viewers, migration 063). Rows live in the database, so
 * every instance counts the same viewers, as chat rooms count their members (docs/live.md).
 */
export function viewerStore(db: Kysely<Database>) {
  return {
    /**
     * Counts the viewer in if one more fits under `max` (0: no cap); a second join is no second
     * viewer. False when the broadcast is full. On PostgreSQL the broadcast's row is locked first:
     * under read committed, two joins could each count the other out and both insert.
     */
    async joinIfRoom(broadcastRowId: number, userId: number, now: number, max: number): Promise<boolean> {
      if (max === 0) {
        await db
          .insertInto('live_viewers')
          .values({ broadcast_id: broadcastRowId, user_id: userId, joined_at: now })
          .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).doUpdateSet({ joined_at: now }))
          .execute();
        return true;
      }
      if (!isPostgres(db)) return joinIfRoom(db, broadcastRowId, userId, now, max);
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('live_broadcasts')
          .select('id')
          .where('id', '=', broadcastRowId)
          .forUpdate()
          .execute();
        return joinIfRoom(trx, broadcastRowId, userId, now, max);
      });
    },

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
