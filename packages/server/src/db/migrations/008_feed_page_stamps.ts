import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Version stamps that let a rendered friends-feed page be checked for freshness with one cheap
 * query (features/feed/page-cache.ts), on any instance, without messaging:
 * - item_stats.rev: raised by every like, unlike, comment and uncomment of the item (bump()).
 * - feed_generation: one number raised by triggers on every rare write that can hide or alter
 *   an item already on a page (deletes and edits of events, statuses, photos, albums,
 *   guestbook entries, comments and counters; friendships and blocks made or ended; a member's
 *   name, picture, gender, star, ban or profile privacy changed; members deleted). Triggers,
 *   not calls in the code, so no feature's write can be missed.
 */
export const GENERATION_TRIGGERS: [table: string, event: string, when?: string][] = [
  [
    'users',
    'UPDATE OF name, image1, gender, star, banned_at, buddies_private',
    'OLD.name IS DISTINCT FROM NEW.name OR OLD.image1 IS DISTINCT FROM NEW.image1 OR OLD.gender IS DISTINCT FROM NEW.gender OR OLD.star IS DISTINCT FROM NEW.star OR OLD.banned_at IS DISTINCT FROM NEW.banned_at OR OLD.buddies_private IS DISTINCT FROM NEW.buddies_private',
  ],
  ['users', 'DELETE'],
  ['friendships', 'INSERT'],
  ['friendships', 'DELETE'],
  ['friendships', 'UPDATE OF user_id, friend_id'],
  ['blocks', 'INSERT'],
  ['blocks', 'DELETE'],
  ['blocks', 'UPDATE OF blocker_id, blocked_id'],
  // recordFeedEvent fills item_id in right after the insert: not a change of a shown event.
  ['feed_events', 'UPDATE', 'OLD.item_id IS NOT NULL'],
  ['feed_events', 'DELETE'],
  ['feed_inbox', 'DELETE'],
  ['feed_inbox', 'UPDATE'],
  ['statuses', 'UPDATE'],
  ['statuses', 'DELETE'],
  ['photos', 'UPDATE'],
  ['photos', 'DELETE'],
  ['albums', 'UPDATE OF name'],
  ['albums', 'DELETE'],
  ['guestbook_entries', 'UPDATE'],
  ['guestbook_entries', 'DELETE'],
  ['comments', 'UPDATE'],
  ['comments', 'DELETE'],
  ['item_stats', 'DELETE'],
  // A counter changed without its rev (a writer other than bump()) is caught here.
  ['item_stats', 'UPDATE', 'OLD.rev IS NOT DISTINCT FROM NEW.rev'],
];

const triggerName = (table: string, event: string) =>
  `feed_gen_${table}_${event.split(' ')[0].toLowerCase()}`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('feed_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('feed_generation').values({ id: 1, value: 0 }).execute();
  await db.schema
    .alterTable('item_stats')
    .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  if (pg) {
    await sql`CREATE FUNCTION feed_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE feed_generation SET value = value + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
  }
  for (const [table, event, when] of GENERATION_TRIGGERS) {
    const name = triggerName(table, event);
    if (pg) {
      // Deferred to the commit: the shared row is locked last, after every other row the
      // transaction touches, so two writers never wait on each other in a cycle through it.
      await sql
        .raw(
          `CREATE CONSTRAINT TRIGGER ${name} AFTER ${event} ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${when ? `WHEN (${when})` : ''} EXECUTE FUNCTION feed_generation_bump()`,
        )
        .execute(db);
    } else {
      const cond = when?.replaceAll('IS NOT DISTINCT FROM', 'IS').replaceAll('IS DISTINCT FROM', 'IS NOT');
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table} ${cond ? `WHEN ${cond}` : ''} BEGIN UPDATE feed_generation SET value = value + 1 WHERE id = 1; END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const [table, event] of GENERATION_TRIGGERS) {
    const name = triggerName(table, event);
    await sql.raw(pg ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`).execute(db);
  }
  if (pg) await sql`DROP FUNCTION feed_generation_bump()`.execute(db);
  await db.schema.alterTable('item_stats').dropColumn('rev').execute();
  await db.schema.dropTable('feed_generation').execute();
}
