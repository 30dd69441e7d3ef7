import type { Db } from '../../db/index';
import { noBlockWith } from '../../policy/graph';

/** One row of a board as read: the score and who holds it. */
export interface BoardRow {
  user_id: number;
  score: number;
  scored_at: number;
  name: string;
  image1: string | null;
}

/**
 * Best scores per board (docs/games.md, "Leaderboards"): week 0 is all time, else the week's
 * Monday. Order: higher score first, then the earlier score, then the lower member id.
 */
export function scoreStore(db: Db) {
  return {
    /**
     * Keeps the score when it beats the member's best on the board: one conditional upsert,
     * so two submissions at once keep the higher on SQLite and PostgreSQL alike.
     */
    async record(gameId: number, week: number, userId: number, score: number, at: number): Promise<void> {
      await db
        .insertInto('game_scores')
        .values({ game_id: gameId, week, user_id: userId, score, scored_at: at })
        .onConflict((oc) =>
          oc
            .columns(['game_id', 'week', 'user_id'])
            .doUpdateSet({
              score: (eb) => eb.ref('excluded.score'),
              scored_at: (eb) => eb.ref('excluded.scored_at'),
            })
            .where((eb) => eb('game_scores.score', '<', eb.ref('excluded.score'))),
        )
        .execute();
    },

    best(gameId: number, week: number, userId: number) {
      return db
        .selectFrom('game_scores')
        .select(['score', 'scored_at'])
        .where('game_id', '=', gameId)
        .where('week', '=', week)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A board page for the viewer: no banned or deleted members, nobody across a block. */
    board(
      viewerId: number,
      gameId: number,
      week: number,
      only: number[] | undefined,
      limit: number,
      offset: number,
    ) {
      let q = db
        .selectFrom('game_scores')
        .innerJoin('users', 'users.id', 'game_scores.user_id')
        .select([
          'game_scores.user_id',
          'game_scores.score',
          'game_scores.scored_at',
          'users.name',
          'users.image1',
        ])
        .where('game_scores.game_id', '=', gameId)
        .where('game_scores.week', '=', week)
        .where('users.banned_at', '=', 0)
        .where('users.deleted_at', '=', 0)
        .where((eb) => noBlockWith(eb, viewerId, 'game_scores.user_id'));
      if (only) q = q.where('game_scores.user_id', 'in', only);
      return q
        .orderBy('game_scores.score', 'desc')
        .orderBy('game_scores.scored_at', 'asc')
        .orderBy('game_scores.user_id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute() as Promise<BoardRow[]>;
    },

    /** The place of a score on a board: 1 + the scores ranked before it. */
    async rankOf(gameId: number, week: number, s: { score: number; scored_at: number; user_id: number }) {
      const row = await db
        .selectFrom('game_scores')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', gameId)
        .where('week', '=', week)
        .where((eb) =>
          eb.or([
            eb('score', '>', s.score),
            eb.and([eb('score', '=', s.score), eb('scored_at', '<', s.scored_at)]),
            eb.and([
              eb('score', '=', s.score),
              eb('scored_at', '=', s.scored_at),
              eb('user_id', '<', s.user_id),
            ]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n) + 1;
    },
  };
}
