import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Watching live broadcasts (docs/live.md): a broadcast's title, chat room and the diamonds given
 * in it; who watches now (one row per viewer and broadcast, so every instance counts the same);
 * and each live gift's diamonds with its time, for the day, week and all-time rankings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('live_broadcasts')
    .addColumn('title', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('live_broadcasts').addColumn('room_id', 'integer').execute();
  await db.schema
    .alterTable('live_broadcasts')
    .addColumn('diamonds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The most viewers seen at once: the milestone events (304) are written once per threshold.
  await db.schema
    .alterTable('live_broadcasts')
    .addColumn('peak_viewers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('live_broadcasts_on_air')
    .on('live_broadcasts')
    .columns(['ended_at', 'started_at'])
    .execute();

  await db.schema
    .createTable('live_viewers')
    .addColumn('broadcast_id', 'integer', (c) =>
      c.notNull().references('live_broadcasts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_viewers_pk', ['broadcast_id', 'user_id'])
    .execute();
  await db.schema.createIndex('live_viewers_user').on('live_viewers').column('user_id').execute();

  await db.schema
    .createTable('live_diamonds')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('streamer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('broadcast_id', 'integer', (c) =>
      c.notNull().references('live_broadcasts.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('diamonds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_diamonds_time')
    .on('live_diamonds')
    .columns(['created_at', 'streamer_id'])
    .execute();
  await db.schema.createIndex('live_diamonds_streamer').on('live_diamonds').column('streamer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_diamonds').execute();
  await db.schema.dropTable('live_viewers').execute();
  await db.schema.dropIndex('live_broadcasts_on_air').execute();
  for (const column of ['peak_viewers', 'diamonds', 'room_id', 'title'])
    await db.schema.alterTable('live_broadcasts').dropColumn(column).execute();
}
