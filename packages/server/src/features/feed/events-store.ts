import { FeedEventType, PhotoPrivacy } from '@tertulia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { friendIdsOf } from '../../policy/graph';

/** The SQL of feed events and their friends-feed rows (feed_inbox); `db` may be a transaction. */
export function eventStore(db: Kysely<Database>) {
  const intoInbox = () =>
    db.insertInto('feed_inbox').onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing());

  return {
    async insert(e: {
      type: number;
      userId: number;
      postId: number | null;
      properties: string | null;
      createdAt: number;
      privacy: number;
      nsfw: number;
      itemType: number;
      itemId: number | null;
      key: string | null;
      aboutId: number | null;
    }): Promise<number | undefined> {
      const row = await db
        .insertInto('feed_events')
        .values({
          type: e.type,
          user_id: e.userId,
          post_id: e.postId,
          properties: e.properties,
          created_at: e.createdAt,
          privacy: e.privacy,
          nsfw: e.nsfw,
          item_type: e.itemType,
          item_id: e.itemId,
          event_key: e.key,
          about_id: e.aboutId,
        })
        // A keyed event already recorded (another instance, a retry): nothing to add.
        .onConflict((oc) => oc.column('event_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The id of the event recorded under this key, if any. */
    async byKey(key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('feed_events')
        .select('id')
        .where('event_key', '=', key)
        .executeTakeFirst();
      return row?.id;
    },

    /** The newest member's id (0 with none): where the next birthday run of the day starts. */
    async lastMemberId(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.max('id').as('top'))
        .executeTakeFirst();
      return Number(row?.top ?? 0);
    },

    /**
     * Members whose birthday is `monthDay` ('MM-DD'), not banned nor leaving, with the
     * id after `afterId` (pages of `limit`). Birth dates are stored 'YYYY-MM-DD'.
     */
    birthdays(monthDays: string[], afterId: number, limit: number) {
      return db
        .selectFrom('users')
        .select(['id', 'birth_date'])
        .where('id', '>', afterId)
        .where('banned_at', '=', 0)
        .where('deleted_at', '=', 0)
        .where((eb) => eb.or(monthDays.map((md) => eb('birth_date', 'like', `%-${md}`))))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** An event that is its own likeable item (LikeItemType.EVENT) points at itself. */
    async pointItemAtSelf(id: number): Promise<void> {
      await db.updateTable('feed_events').set({ item_id: id }).where('id', '=', id).execute();
    },

    /** The event into the friends feed of these members (direct: kept even when not friends). */
    async inboxDirect(eventId: number, userIds: number[]): Promise<void> {
      await db
        .insertInto('feed_inbox')
        .values(userIds.map((user_id) => ({ user_id, event_id: eventId, direct: 1 })))
        .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
        .execute();
    },

    /** The event into the friends feed of each of `authorId`'s friends: one INSERT ... SELECT. */
    async inboxFriendsOf(eventId: number, authorId: number): Promise<void> {
      await intoInbox()
        .columns(['user_id', 'event_id'])
        .expression((eb) => friendIdsOf(eb, authorId).select(sql.lit(eventId).as('event_id')))
        .execute();
    },

    /** A member's latest `count` shareable events into another's friends feed (a new friendship). */
    async backfill(memberId: number, friendId: number, count: number): Promise<void> {
      await intoInbox()
        .columns(['user_id', 'event_id'])
        .expression(
          db
            .selectFrom('feed_events')
            .select([sql.lit(memberId).as('user_id'), 'id'])
            .where('user_id', '=', friendId)
            .where('privacy', '<>', PhotoPrivacy.PRIVATE)
            // A newcomer event is for the site's near-me filter, never a friends feed.
            .where('type', '<>', FeedEventType.NEW_USERS_NEAR_ME)
            .orderBy('id', 'desc')
            .limit(count),
        )
        .execute();
    },

    /** Removes an event and what hangs on it. */
    async delete(eventId: number): Promise<void> {
      await db.deleteFrom('feed_inbox').where('event_id', '=', eventId).execute();
      await db.deleteFrom('feed_seen').where('event_id', '=', eventId).execute();
      await db.deleteFrom('feed_events').where('id', '=', eventId).execute();
    },

    /** The viewer's own event named by the delete call's fields. */
    find(userId: number, type: number, createdAt: number, postId: number | null, eventId?: number) {
      let q = db
        .selectFrom('feed_events')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('created_at', '=', createdAt);
      if (eventId !== undefined) q = q.where('id', '=', eventId);
      q = postId ? q.where('post_id', '=', postId) : q.where('post_id', 'is', null);
      return q.executeTakeFirst();
    },

    /** Marks events seen by a member: only events that exist; a second mark is a no-op. */
    async markSeen(userId: number, eventIds: number[]): Promise<void> {
      await db
        .insertInto('feed_seen')
        .columns(['user_id', 'event_id'])
        .expression(
          db
            .selectFrom('feed_events')
            .select([sql.lit(userId).as('user_id'), 'id'])
            .where('id', 'in', eventIds),
        )
        .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
        .execute();
    },

    /** Events whose card shows the item (item_type, item_id), of any type. */
    async idsShowingItem(itemType: number, itemId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('feed_events')
        .select('id')
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Gives the events showing an item the item's new privacy and NSFW mark. */
    async setItemVisibility(itemType: number, itemId: number, privacy: number, nsfw: number): Promise<void> {
      await db
        .updateTable('feed_events')
        .set({ privacy, nsfw })
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .execute();
    },
  };
}
