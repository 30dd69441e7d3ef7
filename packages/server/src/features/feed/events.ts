import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface FeedEventInput {
  type: number;
  userId: number;
  postId?: number;
  /** source.user, target.user, game... as the spec's Feed Event properties. */
  properties?: Record<string, unknown>;
  now?: number;
}

/** The one way features record a feed event, inside the transaction that caused it. */
export async function recordFeedEvent(db: Kysely<Database>, event: FeedEventInput): Promise<void> {
  await db
    .insertInto('feed_events')
    .values({
      type: event.type,
      user_id: event.userId,
      post_id: event.postId ?? null,
      properties: event.properties ? JSON.stringify(event.properties) : null,
      created_at: event.now ?? Date.now(),
    })
    .execute();
}
