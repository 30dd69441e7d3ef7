import { FeedEventType, LikeItemType } from '@tertulia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface FeedEventInput {
  type: number;
  userId: number;
  postId?: number;
  /** source.user, target.user, game... as the spec's Feed Event properties. */
  properties?: Record<string, unknown>;
  now?: number;
  /** 1 public (default), 2 friends only, 3 only the author. */
  privacy?: number;
  nsfw?: boolean;
  /** What likes and comments on the event go to; default the event itself (LikeItemType.EVENT). */
  item?: { type: number; id: number };
  /** Members who get it in their friends feed though not the author's friends (a guestbook's owner). */
  alsoTo?: number[];
}

/** How many of a new friend's latest events join one's friends feed when a friendship starts. */
export const BACKFILL = 20;

/**
 * The one way features record a feed event, inside the transaction that caused it. It also
 * writes the event into the friends feed (feed_inbox) of the author, the author's friends and
 * `alsoTo`: one INSERT ... SELECT, so the read side never looks at the friend list. A buddy
 * accepted event (8) also brings each new friend's latest events into the other's feed.
 * Returns the event id.
 */
export async function recordFeedEvent(db: Kysely<Database>, event: FeedEventInput): Promise<number> {
  const privacy = event.privacy ?? 1;
  const { id } = await db
    .insertInto('feed_events')
    .values({
      type: event.type,
      user_id: event.userId,
      post_id: event.postId ?? null,
      properties: event.properties ? JSON.stringify(event.properties) : null,
      created_at: event.now ?? Date.now(),
      privacy,
      nsfw: event.nsfw ? 1 : 0,
      item_type: event.item?.type ?? LikeItemType.EVENT,
      item_id: event.item?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!event.item) await db.updateTable('feed_events').set({ item_id: id }).where('id', '=', id).execute();

  const direct = [event.userId, ...(event.alsoTo ?? [])];
  await db
    .insertInto('feed_inbox')
    .values([...new Set(direct)].map((user_id) => ({ user_id, event_id: id, direct: 1 })))
    .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
    .execute();
  if (privacy !== 3) {
    await db
      .insertInto('feed_inbox')
      .columns(['user_id', 'event_id'])
      .expression(
        db
          .selectFrom('friendships')
          .select(['friend_id', sql.lit(id).as('event_id')])
          .where('user_id', '=', event.userId),
      )
      .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
      .execute();
  }
  if (event.type === FeedEventType.BUDDY_ACCEPTED) {
    const a = Number(event.properties?.['source.user'] ?? event.userId);
    const b = Number(event.properties?.['target.user']);
    if (b) {
      await backfill(db, a, b);
      await backfill(db, b, a);
    }
  }
  return id;
}

/** The friend's latest shareable events into the member's friends feed. */
async function backfill(db: Kysely<Database>, memberId: number, friendId: number) {
  await db
    .insertInto('feed_inbox')
    .columns(['user_id', 'event_id'])
    .expression(
      db
        .selectFrom('feed_events')
        .select([sql.lit(memberId).as('user_id'), 'id'])
        .where('user_id', '=', friendId)
        .where('privacy', '<>', 3)
        .orderBy('id', 'desc')
        .limit(BACKFILL),
    )
    .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
    .execute();
}

/** Removes an event and what hangs on it (inbox and seen rows go by cascade). */
export async function deleteFeedEvent(db: Kysely<Database>, eventId: number): Promise<void> {
  await db.deleteFrom('feed_inbox').where('event_id', '=', eventId).execute();
  await db.deleteFrom('feed_seen').where('event_id', '=', eventId).execute();
  await db.deleteFrom('feed_events').where('id', '=', eventId).execute();
}
