import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * The games platform (docs/games.md): the catalogue, each member's entry per game (presence),
 * best scores per board, rewards granted with their daily totals, and game tokens (hashed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('games')
    // Chosen by the admin or the next free one: street wars keeps gid 1000 (docs/games.md).
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(40)')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('big_image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('play_text', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    // builtin | external; url: our static path, or the external https address.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('origin', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('presence_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // active | hidden | retired
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creds_integrated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leaderboards_integrated', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('score_min', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('score_max', 'bigint', (c) => c.notNull().defaultTo(1_000_000))
    .addColumn('scores_per_minute', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('score_format', 'varchar(10)', (c) => c.notNull().defaultTo('number'))
    .addColumn('reward_currency', 'varchar(10)', (c) => c.notNull().defaultTo('gold'))
    .addColumn('daily_reward_cap', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('games_slug').on('games').column('slug').unique().execute();
  await db.schema.createIndex('games_listing').on('games').columns(['status', 'featured']).execute();

  // A member's entry per game: created when they first open it; presence set by the game.
  await db.schema
    .createTable('game_players')
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('game_status', 'varchar(140)', (c) => c.notNull().defaultTo(''))
    .addColumn('game_status_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('playing_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('played_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'user_id'])
    .execute();
  // A member's games (profile, RECENT) and a game's recent players (weekly count, findRecentPlayers).
  await db.schema
    .createIndex('game_players_user')
    .on('game_players')
    .columns(['user_id', 'played_at'])
    .execute();
  await db.schema
    .createIndex('game_players_recent')
    .on('game_players')
    .columns(['game_id', 'played_at'])
    .execute();

  // Best score per member and board: week 0 is all time, else the board week's Monday (epoch ms, UTC).
  await db.schema
    .createTable('game_scores')
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('week', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('scored_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_scores_pk', ['game_id', 'week', 'user_id'])
    .execute();
  await db.schema
    .createIndex('game_scores_rank')
    .on('game_scores')
    .columns(['game_id', 'week', 'score', 'scored_at'])
    .execute();

  // Rewards a game granted (the ledger holds the money; this is the game's history of it).
  await db.schema
    .createTable('game_rewards')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('game_rewards_member')
    .on('game_rewards')
    .columns(['user_id', 'game_id', 'created_at'])
    .execute();
  // What a game granted a member on a day (UTC): the daily cap is a conditional update of this row.
  await db.schema
    .createTable('game_reward_days')
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_reward_days_pk', ['game_id', 'user_id', 'day'])
    .execute();

  // Game tokens: only the SHA-256 of each is kept; scoped to one game and one member.
  await db.schema
    .createTable('game_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_tokens_expiry').on('game_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'game_tokens',
    'game_reward_days',
    'game_rewards',
    'game_scores',
    'game_players',
    'games',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
