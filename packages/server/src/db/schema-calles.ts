/** Tables: Guerra de Calles, a built-in game's own (migrations 066, 067, docs/games-calles.md). */
import type { Generated } from 'kysely';

export interface CallesPlayersTable {
  user_id: number;
  level: Generated<number>;
  xp: Generated<number>;
  shield_until: Generated<number>;
  /** The rules' StreetState as JSON (modules/calles-rules.ts). */
  state: string;
  /** Bumped by every write: each update is conditional on the version it read. */
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CallesBattlesTable {
  id: Generated<number>;
  attacker_id: number;
  defender_id: number;
  seed: number;
  attacker_won: number;
  loot: number;
  /** The rules' BattleResult as JSON. */
  result: string;
  attacker_level: number;
  defender_level: number;
  /** When the defender saw it in their journal; 0 not yet. */
  read_at: Generated<number>;
  created_at: number;
}

export interface CallesTables {
  calles_players: CallesPlayersTable;
  calles_battles: CallesBattlesTable;
}
