import type { Kysely } from 'kysely';

/**
 * Feed events that must exist at most once (a birthday per member and year, a like, a chat
 * presence per hour, a relationship) carry a key: a unique index makes recording them
 * insert-or-ignore, whichever instance or retry gets there first, and lets the undo (unlike,
 * relationship removed) find them. about_id: another member the event shows (whose status was
 * liked, the partner): blocks with them hide the event too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('feed_events').addColumn('event_key', 'varchar(160)').execute();
  await db.schema.alterTable('feed_events').addColumn('about_id', 'integer').execute();
  await db.schema.createIndex('feed_events_key').on('feed_events').column('event_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('feed_events_key').execute();
  await db.schema.alterTable('feed_events').dropColumn('about_id').execute();
  await db.schema.alterTable('feed_events').dropColumn('event_key').execute();
}
