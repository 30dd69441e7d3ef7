import type { Db } from '../../../db/index';
import { noBlockWith } from '../../../policy/graph';

/** A member's game of one day, as stored. */
export interface PalabraRow {
  id: number;
  user_id: number;
  day: number;
  started_at: number;
  guesses: string;
  tries: number;
  finished: number;
  solved: number;
  score: number;
  finished_at: number;
}

/** One line of a day's board: the result and who holds it. */
export interface PalabraBoardRow {
  user_id: number;
  score: number;
  tries: number;
  solved: number;
  finished_at: number;
  name: string;
  image1: string | null;
}

/** What a guess writes: the guesses so far and, on the last one, the result. */
export interface PalabraMove {
  guesses: string;
  tries: number;
  finished: boolean;
  solved: boolean;
  score: number;
  at: number;
}

/** "La palabra del día"'s SQL (docs/games-palabra.md). */
export function palabraStore(db: Db) {
  const columns = [
    'id',
    'user_id',
    'day',
    'started_at',
    'guesses',
    'tries',
    'finished',
    'solved',
    'score',
    'finished_at',
  ] as const;
  return {
    game(userId: number, day: number): Promise<PalabraRow | undefined> {
      return db
        .selectFrom('palabra_games')
        .select(columns)
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst() as Promise<PalabraRow | undefined>;
    },

    /** Starts the day's game once: a second start (another tab, a retry) keeps the first. */
    async start(userId: number, day: number, at: number): Promise<void> {
      await db
        .insertInto('palabra_games')
        .values({ user_id: userId, day, started_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
    },

    /**
     * Records a guess only if nobody recorded one since this game was read (same number of tries,
     * not finished): two guesses at once never both count. False when another got there first.
     */
    async guess(id: number, triesBefore: number, move: PalabraMove): Promise<boolean> {
      const result = await db
        .updateTable('palabra_games')
        .set({
          guesses: move.guesses,
          tries: move.tries,
          finished: move.finished ? 1 : 0,
          solved: move.solved ? 1 : 0,
          score: move.score,
          finished_at: move.finished ? move.at : 0,
        })
        .where('id', '=', id)
        .where('tries', '=', triesBefore)
        .where('finished', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether the member finished a game of one of these days with exactly this score. */
    async hasResult(userId: number, days: number[], score: number): Promise<boolean> {
      const row = await db
        .selectFrom('palabra_games')
        .select('id')
        .where('user_id', '=', userId)
        .where('day', 'in', days)
        .where('finished', '=', 1)
        .where('score', '=', score)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A day's board for the viewer: finished games, best score first, then the earlier finish,
     * then the lower member id; no banned or deleted members, nobody across a block.
     */
    board(viewerId: number, day: number, only: number[] | undefined, limit: number, offset: number) {
      let q = db
        .selectFrom('palabra_games')
        .innerJoin('users', 'users.id', 'palabra_games.user_id')
        .select([
          'palabra_games.user_id',
          'palabra_games.score',
          'palabra_games.tries',
          'palabra_games.solved',
          'palabra_games.finished_at',
          'users.name',
          'users.image1',
        ])
        .where('palabra_games.day', '=', day)
        .where('palabra_games.finished', '=', 1)
        .where('users.banned_at', '=', 0)
        .where('users.deleted_at', '=', 0)
        .where((eb) => noBlockWith(eb, viewerId, 'palabra_games.user_id'));
      if (only) q = q.where('palabra_games.user_id', 'in', only);
      return q
        .orderBy('palabra_games.score', 'desc')
        .orderBy('palabra_games.finished_at', 'asc')
        .orderBy('palabra_games.user_id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute() as Promise<PalabraBoardRow[]>;
    },
  };
}
export type PalabraStore = ReturnType<typeof palabraStore>;
