import { type Kysely, sql } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * The news feed: statuses, likes, comments, guestbook entries, notifications, seen
 * marks, per-member settings, and each member's inbox of friends' events (fan-out on write:
 * reading the friends feed walks one index range, whatever the number of friends).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const userRef = (c: any) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('statuses')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_key', 'varchar(80)')
    .addColumn('privacy', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('nsfw', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('statuses_user').on('statuses').columns(['user_id', 'id']).execute();

  // What an event is about, for likes, comments and visibility: (item_type, item_id) is a
  // LikeItemType and its id; events with no item of their own are (5, their own id).
  for (const [column, type, fallback] of [
    ['privacy', 'integer', 1],
    ['nsfw', 'integer', 0],
    ['item_type', 'integer', 5],
  ] as const) {
    await db.schema
      .alterTable('feed_events')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await db.schema.alterTable('feed_events').addColumn('item_id', 'integer').execute();
  await sql`UPDATE feed_events SET item_id = id WHERE item_id IS NULL`.execute(db);
  await db.schema.createIndex('feed_events_user_id').on('feed_events').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('feed_events_item')
    .on('feed_events')
    .columns(['item_type', 'item_id'])
    .execute();

  // One row per member and event they should see in the friends feed; the primary key is the
  // read path (newest first by event id). direct: addressed to the member (their own events, a
  // guestbook entry on their profile), shown even when not (or no longer) friends with the author.
  await db.schema
    .createTable('feed_inbox')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('feed_events.id').onDelete('cascade'))
    .addColumn('direct', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('feed_inbox_pk', ['user_id', 'event_id'])
    .execute();
  await db.schema.createIndex('feed_inbox_event').on('feed_inbox').column('event_id').execute();

  await db.schema
    .createTable('feed_seen')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('feed_events.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('feed_seen_pk', ['user_id', 'event_id'])
    .execute();

  // The primary key makes a second like of the same member a no-op, whatever the interleaving.
  await db.schema
    .createTable('likes')
    .addColumn('item_type', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', userRef)
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['item_type', 'item_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_user').on('likes').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('likes_item_recent')
    .on('likes')
    .columns(['item_type', 'item_id', 'created_at'])
    .execute();

  // Counters kept by atomic increments beside the like and comment rows; updated_at drives trending.
  await db.schema
    .createTable('item_stats')
    .addColumn('item_type', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_stats_pk', ['item_type', 'item_id'])
    .execute();
  await db.schema.createIndex('item_stats_recent').on('item_stats').column('updated_at').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('post_type', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('post_author_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', userRef)
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('image_key', 'varchar(80)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post')
    .on('comments')
    .columns(['post_type', 'post_id', 'id'])
    .execute();

  await db.schema
    .createTable('guestbook_entries')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('profile_id', 'integer', userRef)
    .addColumn('author_id', 'integer', userRef)
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('image_key', 'varchar(80)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guestbook_profile')
    .on('guestbook_entries')
    .columns(['profile_id', 'id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', userRef)
    .addColumn('item_type', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('url', 'varchar(300)')
    .addColumn('read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();

  // On the member's row: read with the session, so the feed costs no settings query.
  await db.schema.alterTable('users').addColumn('status_object', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('feed_filter', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('allow_nsfw', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['allow_nsfw', 'feed_filter', 'status_object']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  for (const table of [
    'notifications',
    'guestbook_entries',
    'comments',
    'item_stats',
    'likes',
    'feed_seen',
    'feed_inbox',
    'statuses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('feed_events_item').execute();
  await db.schema.dropIndex('feed_events_user_id').execute();
  for (const column of ['item_id', 'item_type', 'nsfw', 'privacy']) {
    await db.schema.alterTable('feed_events').dropColumn(column).execute();
  }
}
