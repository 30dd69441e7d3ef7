import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Product analytics (docs/analytics.md): the events the web app sends in batches, daily totals
 * kept as the events are stored (the dashboard reads only those, so its charts cost the same at
 * ten thousand events or ten million), and who was active on each day. Indexes on the creation
 * times of members, messages and chat lines let the daily roll-up count one day at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('props', 'text')
    .addColumn('page', 'varchar(300)')
    .addColumn('release', 'varchar(60)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('metric', 'varchar(160)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'metric'])
    .execute();
  await db.schema
    .createTable('analytics_active')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_active_pk', ['day', 'user_id'])
    .execute();
  await db.schema.createIndex('users_created').on('users').column('creation_time').execute();
  await db.schema.createIndex('messages_sent').on('messages').column('created_at').execute();
  await db.schema.createIndex('chat_entries_created').on('chat_entries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_entries_created').execute();
  await db.schema.dropIndex('messages_sent').execute();
  await db.schema.dropIndex('users_created').execute();
  await db.schema.dropTable('analytics_active').execute();
  await db.schema.dropTable('analytics_daily').execute();
  await db.schema.dropTable('analytics_events').execute();
}
