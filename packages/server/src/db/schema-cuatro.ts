/** Tables: Cuatro en raya's matches and spectators (migration 068, docs/cuatro.md). */
import type { Generated } from 'kysely';

export interface CuatroMatchesTable {
  id: Generated<number>;
  game_id: number;
  /** Red moves first. */
  red_id: number;
  /** Null while an open challenge waits for an opponent. */
  yellow_id: number | null;
  inviter_id: number;
  /** invited | open | playing | finished | declined | cancelled */
  status: string;
  /** One digit (the column) per move, in order. */
  moves: Generated<string>;
  version: Generated<number>;
  clock_ms: number;
  increment_ms: number;
  /** Time left on each clock when the current turn started (ms). */
  red_ms: number;
  yellow_ms: number;
  turn_started_at: Generated<number>;
  /** 0 draw, 1 red, 2 yellow; null until finished. */
  result: number | null;
  end_reason: Generated<string>;
  rematch_of: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface CuatroWatchersTable {
  match_id: number;
  user_id: number;
  until: number;
}

export interface CuatroTables {
  cuatro_matches: CuatroMatchesTable;
  cuatro_watchers: CuatroWatchersTable;
}
