/** Tables: the games platform (migration 057, docs/games.md). */
import type { Generated } from 'kysely';

export interface GamesTable {
  id: number;
  /** Built-in games: the folder under BUILTIN_GAMES_PATH. */
  slug: string | null;
  name: string;
  description: Generated<string>;
  icon: Generated<string>;
  image: Generated<string>;
  big_image: Generated<string>;
  play_text: Generated<string>;
  /** GameKind: builtin | external. */
  kind: string;
  /** Where the container frames it: our static path, or the external https address. */
  url: string;
  /** External games: the https origin of url; '' for built-in games. */
  origin: Generated<string>;
  presence_url: Generated<string>;
  /** GameStatus: active | hidden | retired. */
  status: Generated<string>;
  featured: Generated<number>;
  creds_integrated: Generated<number>;
  leaderboards_integrated: Generated<number>;
  score_min: Generated<number>;
  score_max: Generated<number>;
  scores_per_minute: Generated<number>;
  score_format: Generated<string>;
  reward_currency: Generated<string>;
  daily_reward_cap: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface GamePlayersTable {
  game_id: number;
  user_id: number;
  game_status: Generated<string>;
  game_status_url: Generated<string>;
  /** Epoch ms until which the member counts as playing (renewed by the game's signs of life). */
  playing_until: Generated<number>;
  created_at: number;
  /** When the status last changed. */
  updated_at: number;
  /** When the member last opened or played it. */
  played_at: number;
}

export interface GameScoresTable {
  game_id: number;
  /** 0: all time; else the Monday 00:00 UTC (epoch ms) of the week's board. */
  week: number;
  user_id: number;
  score: number;
  scored_at: number;
}

export interface GameRewardsTable {
  id: Generated<number>;
  game_id: number;
  user_id: number;
  amount: number;
  currency: string;
  reason: string;
  created_at: number;
}

export interface GameRewardDaysTable {
  game_id: number;
  user_id: number;
  /** Days since the epoch (UTC). */
  day: number;
  granted: Generated<number>;
}

export interface GameTokensTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  game_id: number;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface GamesTables {
  games: GamesTable;
  game_players: GamePlayersTable;
  game_scores: GameScoresTable;
  game_rewards: GameRewardsTable;
  game_reward_days: GameRewardDaysTable;
  game_tokens: GameTokensTable;
}
