import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema';
import type { CuatroMatchesTable } from '../../../db/schema-cuatro';

export type CuatroMatchRow = Selectable<CuatroMatchesTable>;
type Db = Kysely<Database>;

/** Match states (docs/cuatro.md, "A match's life"). */
export const MatchStatus = {
  INVITED: 'invited',
  OPEN: 'open',
  PLAYING: 'playing',
  FINISHED: 'finished',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
} as const;

/** What a finished match records. */
export interface Ending {
  result: 0 | 1 | 2;
  reason: 'four' | 'full' | 'resign' | 'flag';
}

/**
 * Cuatro en raya's SQL (migration 068). Every change to a match is a conditional update on the
 * state the caller read (its status, version or invitee), so of two racing requests one lands and
 * the other matches no row: on PostgreSQL a read-then-write would let both through.
 */
export function cuatroStore(db: Db) {
  return {
    byId: (id: number, trx: Db = db) =>
      trx.selectFrom('cuatro_matches').selectAll().where('id', '=', id).executeTakeFirst(),

    rematchOf: (id: number, trx: Db = db) =>
      trx.selectFrom('cuatro_matches').selectAll().where('rematch_of', '=', id).executeTakeFirst(),

    async insert(
      trx: Db,
      row: Omit<
        CuatroMatchRow,
        'id' | 'moves' | 'version' | 'turn_started_at' | 'result' | 'end_reason' | 'finished_at'
      >,
    ): Promise<number | undefined> {
      // A second rematch of the same match conflicts on the unique rematch_of and inserts nothing.
      const q = trx.insertInto('cuatro_matches').values(row);
      const done = await (row.rematch_of === null
        ? q
        : q.onConflict((c) => c.column('rematch_of').doNothing())
      )
        .returning('id')
        .executeTakeFirst();
      return done?.id;
    },

    /** Starts an invited or open match: only the invitee (or, for an open one, anyone else) lands it. */
    async start(trx: Db, match: CuatroMatchRow, yellowId: number, now: number): Promise<boolean> {
      let q = trx
        .updateTable('cuatro_matches')
        .set({
          status: MatchStatus.PLAYING,
          yellow_id: yellowId,
          turn_started_at: now,
          updated_at: now,
          version: match.version + 1,
        })
        .where('id', '=', match.id)
        .where('version', '=', match.version);
      q =
        match.status === MatchStatus.OPEN
          ? q.where('status', '=', MatchStatus.OPEN).where('yellow_id', 'is', null)
          : q.where('status', '=', MatchStatus.INVITED).where('yellow_id', '=', yellowId);
      return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    },

    /** Declines or withdraws a match not yet started. */
    async close(trx: Db, match: CuatroMatchRow, status: 'declined' | 'cancelled', now: number) {
      const r = await trx
        .updateTable('cuatro_matches')
        .set({ status, updated_at: now, finished_at: now, version: match.version + 1 })
        .where('id', '=', match.id)
        .where('version', '=', match.version)
        .where('status', 'in', [MatchStatus.INVITED, MatchStatus.OPEN])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Writes the next state of a running match, only over the version the caller read: a move,
     * a resignation or a fallen flag. Of two at once, one matches no row.
     */
    async advance(
      trx: Db,
      match: CuatroMatchRow,
      next: Pick<CuatroMatchRow, 'moves' | 'red_ms' | 'yellow_ms' | 'turn_started_at'>,
      ending: Ending | null,
      now: number,
    ): Promise<boolean> {
      const r = await trx
        .updateTable('cuatro_matches')
        .set({
          ...next,
          version: match.version + 1,
          updated_at: now,
          ...(ending
            ? {
                status: MatchStatus.FINISHED,
                result: ending.result,
                end_reason: ending.reason,
                finished_at: now,
              }
            : {}),
        })
        .where('id', '=', match.id)
        .where('version', '=', match.version)
        .where('status', '=', MatchStatus.PLAYING)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The member's matches, newest first: invitations, running and recently finished. */
    mine: (userId: number, gameId: number, limit: number) =>
      db
        .selectFrom('cuatro_matches')
        .selectAll()
        .where('game_id', '=', gameId)
        .where((eb) => eb.or([eb('red_id', '=', userId), eb('yellow_id', '=', userId)]))
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Open challenges others made, newest first. */
    open: (gameId: number, exceptUserId: number, since: number, limit: number) =>
      db
        .selectFrom('cuatro_matches')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('status', '=', MatchStatus.OPEN)
        .where('updated_at', '>', since)
        .where('red_id', '!=', exceptUserId)
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute(),

    /** Running matches with any of these members in them (friends' matches to watch). */
    running: (gameId: number, userIds: number[], limit: number) =>
      userIds.length
        ? db
            .selectFrom('cuatro_matches')
            .selectAll()
            .where('game_id', '=', gameId)
            .where('status', '=', MatchStatus.PLAYING)
            .where((eb) => eb.or([eb('red_id', 'in', userIds), eb('yellow_id', 'in', userIds)]))
            .orderBy('updated_at', 'desc')
            .limit(limit)
            .execute()
        : Promise.resolve([]),

    /** Watching renews the spectator's seat until `until`. */
    async watch(matchId: number, userId: number, until: number) {
      await db
        .insertInto('cuatro_watchers')
        .values({ match_id: matchId, user_id: userId, until })
        .onConflict((c) => c.columns(['match_id', 'user_id']).doUpdateSet({ until }))
        .execute();
    },

    async watchers(matchId: number, now: number): Promise<number[]> {
      const rows = await db
        .selectFrom('cuatro_watchers')
        .select('user_id')
        .where('match_id', '=', matchId)
        .where('until', '>', now)
        .execute();
      return rows.map((r) => r.user_id);
    },

    members: (ids: number[], q: Db = db) =>
      ids.length
        ? q.selectFrom('users').select(['id', 'name', 'image1', 'locale']).where('id', 'in', ids).execute()
        : Promise.resolve([]),
  };
}
export type CuatroStore = ReturnType<typeof cuatroStore>;
