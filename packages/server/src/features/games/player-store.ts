import { type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { GamePlayersTable } from '../../db/schema-games';
import type { UserRow } from '../../http/context';
import { friendIdsOf, noBlockWith } from '../../policy/graph';

export type PlayerRow = Selectable<GamePlayersTable>;

const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

/** The member lives where the viewer does, by people's near rule (the same shapes as its search). */
function nearWhere(eb: ExpressionBuilder<Database, 'users'>, near: { shape: string; values: string[] }) {
  const [a, b, c] = near.values;
  const country = () => eb(lower('users.country'), '=', a);
  switch (near.shape) {
    case 'country':
      return country();
    case 'state':
      return eb.and([country(), eb(lower('users.state'), '=', b)]);
    case 'city':
      return eb.and([country(), eb(lower('users.city'), '=', b)]);
    case 'postal':
      return eb('users.postal_code', '=', a);
    case 'cityOrPostal':
      return eb.or([eb.and([country(), eb(lower('users.city'), '=', b)]), eb('users.postal_code', '=', c)]);
    default:
      return sql<SqlBool>`1 = 0`;
  }
}

/** Members' entries per game (presence, who plays what) and the member rows games show. */
export function playerStore(db: Db) {
  return {
    /** First open creates the entry; every open marks the member playing now. */
    async open(gameId: number, userId: number, now: number, playingUntil: number): Promise<void> {
      await db
        .insertInto('game_players')
        .values({
          game_id: gameId,
          user_id: userId,
          created_at: now,
          updated_at: now,
          played_at: now,
          playing_until: playingUntil,
        })
        .onConflict((oc) =>
          oc.columns(['game_id', 'user_id']).doUpdateSet({ played_at: now, playing_until: playingUntil }),
        )
        .execute();
    },

    async setStatus(
      gameId: number,
      userId: number,
      status: string,
      url: string,
      now: number,
      playingUntil: number,
    ) {
      await db
        .insertInto('game_players')
        .values({
          game_id: gameId,
          user_id: userId,
          game_status: status,
          game_status_url: url,
          created_at: now,
          updated_at: now,
          played_at: now,
          playing_until: playingUntil,
        })
        .onConflict((oc) =>
          oc.columns(['game_id', 'user_id']).doUpdateSet({
            game_status: status,
            game_status_url: url,
            updated_at: now,
            played_at: now,
            playing_until: playingUntil,
          }),
        )
        .execute();
    },

    one(gameId: number, userId: number): Promise<PlayerRow | undefined> {
      return db
        .selectFrom('game_players')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A member's games (not retired), last played first. */
    ofMember(userId: number, limit: number, offset: number) {
      return db
        .selectFrom('game_players')
        .innerJoin('games', 'games.id', 'game_players.game_id')
        .selectAll('game_players')
        .where('game_players.user_id', '=', userId)
        .where('games.status', '!=', 'retired')
        .orderBy('game_players.played_at', 'desc')
        .orderBy('game_players.game_id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Games the viewer's friends play, most players first. */
    async friendsGames(viewerId: number, limit: number, offset: number): Promise<number[]> {
      const rows = await db
        .selectFrom('game_players')
        .select((eb) => ['game_id', eb.fn.countAll<number>().as('n')])
        .where('user_id', 'in', (eb) => friendIdsOf(eb, viewerId))
        .groupBy('game_id')
        .orderBy('n', 'desc')
        .orderBy('game_id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.game_id);
    },

    /** Which of `userIds` play the game (have an entry). */
    async playersAmong(gameId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('game_players')
        .select('user_id')
        .where('game_id', '=', gameId)
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },

    /**
     * Members who played lately (one game or any), last played first, without banned or deleted
     * members or anyone with a block either way with the viewer.
     */
    recentPlayers(
      viewerId: number,
      opts: {
        gameId?: number;
        gender?: string;
        /** People's near rule (people/search-plan.ts nearPlan): the viewer's place, as a shape. */
        near?: { shape: string; values: string[] };
        /** Birth dates (YYYY-MM-DD) bounding the ages asked for. */
        bornFrom?: string;
        bornTo?: string;
        limit: number;
        offset: number;
      },
    ) {
      let q = db
        .selectFrom('game_players')
        .innerJoin('users', 'users.id', 'game_players.user_id')
        .select((eb) => ['users.id as id', eb.fn.max('game_players.played_at').as('last')])
        .where('users.banned_at', '=', 0)
        .where('users.deleted_at', '=', 0)
        .where('users.id', '!=', viewerId)
        .where((eb) => noBlockWith(eb, viewerId, 'users.id'));
      if (opts.gameId) q = q.where('game_players.game_id', '=', opts.gameId);
      if (opts.gender) q = q.where('users.gender', '=', opts.gender as 'm' | 'f');
      if (opts.near) q = q.where((eb) => nearWhere(eb, opts.near!));
      if (opts.bornFrom) q = q.where('users.birth_date', '>=', opts.bornFrom);
      if (opts.bornTo) q = q.where('users.birth_date', '<=', opts.bornTo);
      return q
        .groupBy('users.id')
        .orderBy('last', 'desc')
        .orderBy('users.id')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute();
    },

    /** Member rows by id, leaving out banned and deleted members. */
    members(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', ids)
        .where('banned_at', '=', 0)
        .where('deleted_at', '=', 0)
        .execute();
    },

    member(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type PlayerStore = ReturnType<typeof playerStore>;
