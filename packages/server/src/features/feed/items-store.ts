import { FeedEventType } from '@tertulia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

const LIKE_EVENT_TYPES: number[] = [
  FeedEventType.LIKE_STATUS,
  FeedEventType.LIKE_PHOTO,
  FeedEventType.LIKE_COMMENT,
  FeedEventType.LIKE_EVENT,
];

/** The SQL of likeable items: finding one, its author, its counters; `db` may be a transaction. */
export function itemStore(db: Kysely<Database>) {
  return {
    status: (id: number) =>
      db.selectFrom('statuses').select(['user_id', 'privacy']).where('id', '=', id).executeTakeFirst(),

    photo: (id: number) =>
      db
        .selectFrom('photos')
        .select(['owner_id', 'author_id', 'privacy', 'backstage', 'nsfw', 'quarantine'])
        .where('id', '=', id)
        .executeTakeFirst(),

    comment: (id: number) =>
      db
        .selectFrom('comments')
        .select(['author_id', 'post_type', 'post_id', 'post_author_id'])
        .where('id', '=', id)
        .executeTakeFirst(),

    event: (id: number) =>
      db
        .selectFrom('feed_events')
        .select(['user_id', 'privacy', 'type', 'post_id'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** A story still live at `now` (expired ones are gone for every call). */
    story: (id: number, now: number) =>
      db
        .selectFrom('stories')
        .select(['author_id', 'state', 'nsfw'])
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Whether a member allowed adult stories (story/allowNSFW.do). */
    async storyNsfwAllowed(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('story_settings')
        .select('nsfw_allowed')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.nsfw_allowed === 1;
    },

    /** Whose profile a guestbook entry is written on. */
    guestbookProfile: (entryId: number) =>
      db.selectFrom('guestbook_entries').select('profile_id').where('id', '=', entryId).executeTakeFirst(),

    /** What the item rule reads of an author. */
    author: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'banned_at', 'buddies_private'])
        .where('id', '=', id)
        .executeTakeFirst(),

    async likeCount(item: { type: number; id: number }): Promise<number> {
      const row = await db
        .selectFrom('item_stats')
        .select('like_count')
        .where('item_type', '=', item.type)
        .where('item_id', '=', item.id)
        .executeTakeFirst();
      return row?.like_count ?? 0;
    },

    /** Adds to an item's counters; the upsert is atomic on both dialects, so parallel writes all count. */
    async bump(item: { type: number; id: number }, likes: number, comments: number): Promise<void> {
      const now = Date.now();
      await db
        .insertInto('item_stats')
        .values({
          item_type: item.type,
          item_id: item.id,
          like_count: Math.max(0, likes),
          comment_count: Math.max(0, comments),
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['item_type', 'item_id']).doUpdateSet({
            like_count: sql`CASE WHEN item_stats.like_count + ${likes} < 0 THEN 0 ELSE item_stats.like_count + ${likes} END`,
            comment_count: sql`CASE WHEN item_stats.comment_count + ${comments} < 0 THEN 0 ELSE item_stats.comment_count + ${comments} END`,
            // Taking a like or comment back is not activity: trending keeps its time.
            updated_at: likes > 0 || comments > 0 ? now : sql`item_stats.updated_at`,
            // Any change, back or forth, is a new version for the feed page stamps (page-cache.ts).
            rev: sql`item_stats.rev + 1`,
          }),
        )
        .execute();
    },

    /** Drops an item's likes and counters (the item is being deleted). */
    /** The like events (types 20 to 23) whose card shows the item, with their feed rows. */
    async dropLikeEvents(type: number, id: number): Promise<void> {
      const ids = (
        await db
          .selectFrom('feed_events')
          .select('id')
          .where('item_type', '=', type)
          .where('item_id', '=', id)
          .where('type', 'in', LIKE_EVENT_TYPES)
          .execute()
      ).map((r) => r.id);
      if (!ids.length) return;
      await db.deleteFrom('feed_inbox').where('event_id', 'in', ids).execute();
      await db.deleteFrom('feed_seen').where('event_id', 'in', ids).execute();
      await db.deleteFrom('feed_events').where('id', 'in', ids).execute();
    },

    async dropLikesAndStats(type: number, id: number): Promise<void> {
      await db.deleteFrom('likes').where('item_type', '=', type).where('item_id', '=', id).execute();
      await db.deleteFrom('item_stats').where('item_type', '=', type).where('item_id', '=', id).execute();
    },
  };
}
