import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * Friend requests travel as offline messages (category 3), which the messaging issue uses for
 * offline mail too; friend-list settings; churn dismissals; invites; and the feed's event log,
 * which features write to as their events happen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('offline_messages')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)')
    .addColumn('body', 'text')
    .addColumn('extra', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('offline_messages_inbox')
    .on('offline_messages')
    .columns(['recipient_id', 'category', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('offline_messages_pair')
    .on('offline_messages')
    .columns(['sender_id', 'recipient_id', 'category', 'status'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('buddies_private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('buddy_sort', 'varchar(24)', (c) => c.notNull().defaultTo('DEFAULT'))
    .execute();

  await db.schema
    .createTable('churn_dismissals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('churn_dismissals_pk', ['user_id', 'friend_id', 'type'])
    .execute();

  await db.schema
    .createTable('buddy_invites')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rewarded_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('buddy_invites_sender')
    .on('buddy_invites')
    .columns(['sender_id', 'recipient_id'])
    .execute();

  await db.schema
    .createTable('feed_events')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'integer')
    .addColumn('properties', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_events_user')
    .on('feed_events')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('feed_events_recent').on('feed_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['feed_events', 'buddy_invites', 'churn_dismissals', 'offline_messages']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('buddy_sort').execute();
  await db.schema.alterTable('users').dropColumn('buddies_private').execute();
}
