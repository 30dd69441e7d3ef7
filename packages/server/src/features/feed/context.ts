import { LikeItemType, type UploadedFile } from '@tertulia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, invalid, rateLimited } from '../../http/errors';
import { isUploadedFile, readUpload } from '../../http/uploads';
import { normalizeImage } from '../../media/intake';
import { newImageKey, originalName } from '../../media/keys';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { buddyStore } from '../buddies/store';
import type { PeopleService } from '../people/service';
import { type Item, visibleItem } from './items';
import { itemUrl, notificationService } from './notifications';
import { feedPresenter } from './present';
import { feedStore } from './store';

/** What the feed's calls share: the stores, the presenter, notifications and small helpers. */
export type Page = { page?: number; limit?: number };
export const MINUTE = 60_000;
/** Writes per member per 10 minutes: generous for people, a wall for scripts. */
export const WRITES_PER_WINDOW = 60;

export function fileOf(value: unknown, field: string): UploadedFile | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!isUploadedFile(value) || value.size === 0) throw invalid(field, 'image.type');
  return value;
}

export const pageOf = (p: Page, defaultLimit: number) => {
  const limit = p.limit ?? defaultLimit;
  return { limit, offset: ((p.page ?? 1) - 1) * limit, page: p.page ?? 1 };
};

/** Adds to an item's counters; the upsert is atomic on both dialects, so parallel writes all count. */
export async function bump(
  trx: Kysely<Database>,
  item: { type: number; id: number },
  likes: number,
  comments: number,
) {
  const now = Date.now();
  await trx
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
}

/** Drops an item's likes, counters and the notices about it (the item is being deleted). */
export async function dropItem(trx: Kysely<Database>, type: number, id: number) {
  await trx.deleteFrom('likes').where('item_type', '=', type).where('item_id', '=', id).execute();
  await trx.deleteFrom('item_stats').where('item_type', '=', type).where('item_id', '=', id).execute();
  // A notice about a deleted item would lead nowhere.
  await trx.deleteFrom('notifications').where('item_type', '=', type).where('item_id', '=', id).execute();
}

export function feedContext(
  deps: Deps,
  people: PeopleService,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const db = deps.db;
  const store = feedStore(db);
  const present = feedPresenter(db, people);
  const { areFriends } = buddyStore(db);
  const notices = notificationService(deps);

  async function limit(key: string) {
    const decision = await deps.limiter.hit(key, WRITES_PER_WINDOW, 10 * MINUTE);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  /** Stores an uploaded image as the media intake does for photos; returns its key. */
  async function storeImage(file: UploadedFile): Promise<string> {
    const image = await normalizeImage(await readUpload(file), 0);
    const key = newImageKey(image.ext);
    await media.put(originalName(key), image.data);
    return key;
  }

  /** Tells the author's friends a new event is in their feed ("N new posts"). */
  async function announce(authorId: number, eventId: number, eventType: number) {
    const friends = await db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', authorId)
      .execute();
    await deps.hub.publish(
      friends.map((f) => f.friend_id),
      { type: 'feedEvent', eventId, eventType, userId: authorId },
    );
  }

  async function postOf(viewer: UserRow, p: { isPhoto?: boolean; postId: number; authorUserId: number }) {
    return visibleItem(
      db,
      viewer,
      p.isPhoto ? LikeItemType.PHOTO : LikeItemType.STATUS,
      p.postId,
      p.authorUserId,
    );
  }

  async function likeCount(item: { type: number; id: number }) {
    const row = await db
      .selectFrom('item_stats')
      .select('like_count')
      .where('item_type', '=', item.type)
      .where('item_id', '=', item.id)
      .executeTakeFirst();
    return row?.like_count ?? 0;
  }

  /** A member whose profile-bound things (feed, guestbook) the viewer may see, or why not. */
  async function profileFor(viewer: UserRow, userId: number): Promise<UserRow> {
    if (userId === viewer.id) return viewer;
    const owner = await people.visible(viewer, userId);
    if (owner.buddies_private && !(await areFriends(viewer.id, owner.id))) {
      throw new ApiError('ApiForbiddenException', 'feed.private', { name: owner.name });
    }
    return owner;
  }

  return {
    deps,
    db,
    store,
    people,
    present,
    notices,
    limit,
    storeImage,
    areFriends,
    announce,
    postOf,
    likeCount,
    profileFor,
  };
}

export type FeedContext = ReturnType<typeof feedContext>;

export function urlFor(item: Item): string {
  const owner = item.post ?? item;
  return itemUrl(owner.type, owner.id, owner.authorId);
}
