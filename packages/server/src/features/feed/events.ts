import { FeedEventType, LikeItemType, PhotoPrivacy } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AfterCommit } from '../../effects/unit-of-work';
import { socialGraph } from '../../policy/graph';
import { eventStore } from './events-store';
import { dropItem } from './items';

export interface FeedEventInput {
  /** FeedEventType. */
  type: number;
  userId: number;
  postId?: number;
  /** source.user, target.user, game... as the Feed Event properties of the contract. */
  properties?: Record<string, unknown>;
  now?: number;
  /** PhotoPrivacy: public (default), friends only, only the author. */
  privacy?: number;
  nsfw?: boolean;
  /** What likes and comments on the event go to; default the event itself (LikeItemType.EVENT). */
  item?: { type: number; id: number };
  /** Members who get it in their friends feed though not the author's friends (a guestbook's owner). */
  alsoTo?: number[];
  /** Records the event at most once: a second event with the same key is ignored (insert-or-ignore). */
  key?: string;
  /** Another member the event shows (whose item was liked, the partner): blocks with them hide it. */
  aboutId?: number;
  /** Shown by the site's filters only (a newcomer near me): written into nobody's friends feed. */
  siteOnly?: boolean;
}

/** How many of a new friend's latest events join one's friends feed when a friendship starts. */
export const BACKFILL = 20;

/**
 * The one way features record a feed event, inside the caller's transaction `trx` (the write it
 * is about commits with it). It also writes the event into the friends feed (feed_inbox) of the
 * author, the author's friends and `alsoTo`, so the read side never looks at the friend list. A
 * buddy accepted event also brings each new friend's latest events into the other's feed.
 * Returns the event id.
 */
export async function recordFeedEvent(trx: Kysely<Database>, event: FeedEventInput): Promise<number> {
  return (await write(trx, { ...event, key: undefined })) as number;
}

/**
 * recordFeedEvent for an event with a key: undefined when an event with that key exists already
 * (recorded by another instance, an earlier run or a retry), and then nothing is written.
 */
export function recordFeedEventOnce(
  trx: Kysely<Database>,
  event: FeedEventInput & { key: string },
): Promise<number | undefined> {
  return write(trx, event);
}

/** Removes the event recorded under `key` (its action was undone), inside the caller's transaction. */
export async function dropFeedEventByKey(trx: Kysely<Database>, key: string): Promise<void> {
  const id = await eventStore(trx).byKey(key);
  if (id === undefined) return;
  await dropItem(trx, LikeItemType.EVENT, id);
  await deleteFeedEvent(trx, id);
}

async function write(trx: Kysely<Database>, event: FeedEventInput): Promise<number | undefined> {
  const store = eventStore(trx);
  const privacy = event.privacy ?? PhotoPrivacy.PUBLIC;
  const id = await store.insert({
    type: event.type,
    userId: event.userId,
    postId: event.postId ?? null,
    properties: event.properties ? JSON.stringify(event.properties) : null,
    createdAt: event.now ?? Date.now(),
    privacy,
    nsfw: event.nsfw ? 1 : 0,
    itemType: event.item?.type ?? LikeItemType.EVENT,
    itemId: event.item?.id ?? null,
    key: event.key ?? null,
    aboutId: event.aboutId ?? null,
  });
  if (id === undefined) return undefined;
  if (!event.item) await store.pointItemAtSelf(id);

  if (event.siteOnly) return id;
  await store.inboxDirect(id, [...new Set([event.userId, ...(event.alsoTo ?? [])])]);
  if (privacy !== PhotoPrivacy.PRIVATE) await store.inboxFriendsOf(id, event.userId);
  if (event.type === FeedEventType.BUDDY_ACCEPTED) {
    const a = Number(event.properties?.['source.user'] ?? event.userId);
    const b = Number(event.properties?.['target.user']);
    if (b) {
      await store.backfill(a, b, BACKFILL);
      await store.backfill(b, a, BACKFILL);
    }
  }
  return id;
}

/** Removes an event and what hangs on it (inbox and seen rows), inside the caller's transaction. */
export function deleteFeedEvent(trx: Kysely<Database>, eventId: number): Promise<void> {
  return eventStore(trx).delete(eventId);
}

/**
 * Tells the author's friends, after commit, that a new event is in their feed ("N new posts").
 * Their feeds already hold it (recordFeedEvent); the push only prompts a refresh.
 */
export function announcer(deps: Pick<Deps, 'db'>) {
  const graph = socialGraph(deps.db);
  return (after: AfterCommit, authorId: number, eventId: number, eventType: number): void =>
    after.publish(() => graph.friendIds(authorId), {
      type: 'feedEvent',
      eventId,
      eventType,
      userId: authorId,
    });
}
export type Announce = ReturnType<typeof announcer>;
