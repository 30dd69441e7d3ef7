/** Tables: "La palabra del día" (migration 069, docs/games-palabra.md). */
import type { Generated } from 'kysely';

export interface PalabraGamesTable {
  id: Generated<number>;
  user_id: number;
  /** The UTC day (days since 1970-01-01) whose word this game guesses. */
  day: number;
  started_at: number;
  /** JSON [{word, at}], in the order the server took them. */
  guesses: Generated<string>;
  tries: Generated<number>;
  finished: Generated<number>;
  solved: Generated<number>;
  score: Generated<number>;
  finished_at: Generated<number>;
}

export interface PalabraTables {
  palabra_games: PalabraGamesTable;
}
