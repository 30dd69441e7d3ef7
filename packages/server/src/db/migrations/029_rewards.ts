import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Leaderboards kept as running totals (per calendar day, all time and per limited-time event,
 * site-wide and per chat room) and the daily spin (docs/rewards.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // kind: gifters or receivers; room_id 0 is the whole site; day counts from 1970-01-01 in REWARDS_TIME_ZONE.
  await db.schema
    .createTable('gift_board_days')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('gifts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_board_days_pk', ['kind', 'room_id', 'day', 'user_id'])
    .execute();
  await db.schema
    .createTable('gift_board_totals')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('gifts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_board_totals_pk', ['kind', 'room_id', 'user_id'])
    .execute();
  // A page of the all-time board is a walk down this index.
  await db.schema
    .createIndex('gift_board_totals_rank')
    .on('gift_board_totals')
    .columns(['kind', 'room_id', 'score desc', 'user_id'])
    .execute();
  await db.schema
    .createTable('leaderboard_events')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('key', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leaderboard_events_end').on('leaderboard_events').column('ends_at').execute();
  await db.schema
    .createTable('gift_board_events')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('gifts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_board_events_pk', ['event_id', 'kind', 'user_id'])
    .execute();
  await db.schema
    .createIndex('gift_board_events_rank')
    .on('gift_board_events')
    .columns(['event_id', 'kind', 'score desc', 'user_id'])
    .execute();
  // One row per spin: a daily one (day set; unique per member and day) or one sent by a member.
  await db.schema
    .createTable('spins')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'integer')
    .addColumn('theme', 'varchar(20)', (c) => c.notNull())
    .addColumn('prize_slot', 'integer')
    .addColumn('spun_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spins_daily').on('spins').columns(['user_id', 'day']).unique().execute();
  await db.schema.createIndex('spins_user').on('spins').columns(['user_id', 'spun_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'spins',
    'gift_board_events',
    'leaderboard_events',
    'gift_board_totals',
    'gift_board_days',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
