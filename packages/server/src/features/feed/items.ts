import { FeedEventType, LikeItemType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import { maySeeItem } from '../../policy/privacy';
import { blockedEitherWay } from '../people/blocks';

/** A likeable or commentable item, resolved: whose it is and who may see it. */
export interface Item {
  type: number;
  id: number;
  authorId: number;
  /** 1 public, 2 friends, 3 only the author. */
  privacy: number;
  /** For comments: the post they are on (likes of a comment notify its author). */
  post?: Item;
  /** Another member the item is about (a guestbook event's profile owner): blocks with them hide it too. */
  about?: number;
}

/**
 * The rule for every item: its author sees it; nobody else when private, banned or blocked
 * either way; friends see friends-only items; others public items of non-private profiles.
 */
export async function canSee(db: Kysely<Database>, viewer: UserRow, authorId: number, privacy: number) {
  const rule = { privacy, isAuthor: authorId === viewer.id, isFriend: false, authorPrivate: false };
  if (rule.isAuthor) return true;
  if (!maySeeItem({ ...rule, isFriend: true })) return false;
  const author = await db
    .selectFrom('users')
    .select(['banned_at', 'buddies_private'])
    .where('id', '=', authorId)
    .executeTakeFirst();
  if (!author || author.banned_at > 0) return false;
  if (await blockedEitherWay(db, viewer.id, authorId)) return false;
  const friend = await db
    .selectFrom('friendships')
    .select('user_id')
    .where('user_id', '=', viewer.id)
    .where('friend_id', '=', authorId)
    .executeTakeFirst();
  return maySeeItem({ ...rule, isFriend: friend !== undefined, authorPrivate: author.buddies_private === 1 });
}

/** Finds an item by the (type, itemId, authorUserId) of the like and comment calls. */
export async function findItem(
  db: Kysely<Database>,
  type: number,
  itemId: number,
  authorId: number,
): Promise<Item | undefined> {
  switch (type) {
    case LikeItemType.STATUS: {
      const row = await db
        .selectFrom('statuses')
        .select(['user_id', 'privacy'])
        .where('id', '=', itemId)
        .executeTakeFirst();
      return row && row.user_id === authorId
        ? { type, id: itemId, authorId, privacy: row.privacy }
        : undefined;
    }
    case LikeItemType.PHOTO: {
      const row = await db
        .selectFrom('photos')
        .select(['owner_id', 'author_id', 'privacy'])
        .where('id', '=', itemId)
        .executeTakeFirst();
      if (!row || (row.owner_id !== authorId && row.author_id !== authorId)) return undefined;
      return { type, id: itemId, authorId: row.owner_id, privacy: row.privacy };
    }
    case LikeItemType.COMMENT: {
      const row = await db
        .selectFrom('comments')
        .select(['author_id', 'post_type', 'post_id', 'post_author_id'])
        .where('id', '=', itemId)
        .executeTakeFirst();
      if (!row || row.author_id !== authorId) return undefined;
      const post = await findItem(db, row.post_type, row.post_id, row.post_author_id);
      return post && { type, id: itemId, authorId, privacy: post.privacy, post };
    }
    case LikeItemType.EVENT: {
      const row = await db
        .selectFrom('feed_events')
        .select(['user_id', 'privacy', 'type', 'post_id'])
        .where('id', '=', itemId)
        .executeTakeFirst();
      if (!row || row.user_id !== authorId) return undefined;
      const entry =
        row.type === FeedEventType.GUESTBOOK && row.post_id !== null
          ? await db
              .selectFrom('guestbook_entries')
              .select('profile_id')
              .where('id', '=', row.post_id)
              .executeTakeFirst()
          : undefined;
      return { type, id: itemId, authorId, privacy: row.privacy, about: entry?.profile_id };
    }
    default:
      // Stories (4) are likeable once the stories feature stores them.
      return undefined;
  }
}

/** The item if the viewer may see it; otherwise the same 404 as a missing one (no probing). */
export async function visibleItem(
  db: Kysely<Database>,
  viewer: UserRow,
  type: number,
  itemId: number,
  authorId: number,
): Promise<Item> {
  const item = await findItem(db, type, itemId, authorId);
  if (!item) throw notFound('feed.itemNotFound');
  const owner = item.post ?? item;
  if (!(await canSee(db, viewer, owner.authorId, owner.privacy))) throw notFound('feed.itemNotFound');
  if (item.post && (await blockedEitherWay(db, viewer.id, item.authorId)))
    throw notFound('feed.itemNotFound');
  const about = owner.about;
  if (about !== undefined && about !== viewer.id && (await blockedEitherWay(db, viewer.id, about)))
    throw notFound('feed.itemNotFound');
  return item;
}
