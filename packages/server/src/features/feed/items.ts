import { FeedEventType, LikeItemType, PhotoPrivacy, StoryState } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { notFound } from '../../http/errors';
import { maySeeItem, socialGraph } from '../../policy/graph';
import { backstageUnlockedBy, photoFlagsPass } from '../../policy/photos';
import { isHidden } from '../../policy/standing';
import { maySeeStories, mayShowNsfw } from '../../policy/stories';
import { dropNoticesAbout } from '../notifications/notify';
import { itemStore } from './items-store';

/** A likeable or commentable item, resolved: whose it is and who may see it. */
export interface Item {
  type: number;
  id: number;
  authorId: number;
  /** PhotoPrivacy: public, friends, only the author. */
  privacy: number;
  /** For comments: the post they are on (likes of a comment notify its author). */
  post?: Item;
  /** Another member the item is about (a guestbook event's profile owner): blocks with them hide it too. */
  about?: number;
  /** A photo's own flags (backstage, NSFW, quarantine): policy/photos.ts decides on them. */
  photo?: { backstage: number; nsfw: number; quarantine: number };
  /** A story's own state: policy/stories.ts decides on it (ready, adult content). */
  story?: { ready: boolean; nsfw: boolean };
}

/**
 * The item rule (policy/graph.ts maySeeItemOf) with the author's ban: its author sees it; nobody
 * else when private, banned or blocked either way; friends see friends-only items; others public
 * items of non-private profiles.
 */
export async function canSee(db: Kysely<Database>, viewer: UserRow, authorId: number, privacy: number) {
  if (authorId === viewer.id) return true;
  // Not even a friend would see it: no need to ask the database.
  if (!maySeeItem({ privacy, isAuthor: false, isFriend: true, authorPrivate: false })) return false;
  const author = await itemStore(db).author(authorId);
  if (!author || isHidden(author)) return false;
  return socialGraph(db).maySeeItemOf(viewer.id, author, privacy);
}

/** Finds an item by the (type, itemId, authorUserId) of the like and comment calls. */
export async function findItem(
  db: Kysely<Database>,
  type: number,
  itemId: number,
  authorId: number,
): Promise<Item | undefined> {
  const store = itemStore(db);
  switch (type) {
    case LikeItemType.STATUS: {
      const row = await store.status(itemId);
      return row && row.user_id === authorId
        ? { type, id: itemId, authorId, privacy: row.privacy }
        : undefined;
    }
    case LikeItemType.PHOTO: {
      const row = await store.photo(itemId);
      if (!row || (row.owner_id !== authorId && row.author_id !== authorId)) return undefined;
      const { backstage, nsfw, quarantine } = row;
      return {
        type,
        id: itemId,
        authorId: row.owner_id,
        privacy: row.privacy,
        photo: { backstage, nsfw, quarantine },
      };
    }
    case LikeItemType.COMMENT: {
      const row = await store.comment(itemId);
      if (!row || row.author_id !== authorId) return undefined;
      const post = await findItem(db, row.post_type, row.post_id, row.post_author_id);
      return post && { type, id: itemId, authorId, privacy: post.privacy, post };
    }
    case LikeItemType.EVENT: {
      const row = await store.event(itemId);
      if (!row || row.user_id !== authorId) return undefined;
      const entry =
        row.type === FeedEventType.GUESTBOOK && row.post_id !== null
          ? await store.guestbookProfile(row.post_id)
          : undefined;
      return { type, id: itemId, authorId, privacy: row.privacy, about: entry?.profile_id };
    }
    case LikeItemType.STORY: {
      const row = await store.story(itemId, Date.now());
      if (!row || row.author_id !== authorId) return undefined;
      // Stories follow the profile rule (policy/stories.ts): the public item rule gives the same.
      const story = { ready: row.state === StoryState.READY, nsfw: row.nsfw === 1 };
      return { type, id: itemId, authorId, privacy: PhotoPrivacy.PUBLIC, story };
    }
    default:
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
  if (owner.story) {
    // A story answers with its own words, as the story calls do.
    if (!(await storyPasses(db, viewer, owner.authorId, owner.story))) throw notFound('story.notFound');
    return item;
  }
  if (!(await canSee(db, viewer, owner.authorId, owner.privacy))) throw notFound('feed.itemNotFound');
  if (owner.photo) {
    const unlocked =
      owner.photo.backstage === 1 &&
      (await backstageUnlockedBy(db, viewer.id, [owner.authorId])).has(owner.authorId);
    if (!photoFlagsPass(viewer, owner.authorId, owner.photo, unlocked)) throw notFound('feed.itemNotFound');
  }
  const graph = socialGraph(db);
  if (item.post && (await graph.blockedEitherWay(viewer.id, item.authorId)))
    throw notFound('feed.itemNotFound');
  const about = owner.about;
  if (about !== undefined && about !== viewer.id && (await graph.blockedEitherWay(viewer.id, about)))
    throw notFound('feed.itemNotFound');
  return item;
}

/**
 * Who may watch a story may like it: the stories rule of policy/stories.ts (the profile rule,
 * ready unless one's own, adult ones only when allowed), as the story calls apply it.
 */
async function storyPasses(
  db: Kysely<Database>,
  viewer: UserRow,
  authorId: number,
  story: NonNullable<Item['story']>,
): Promise<boolean> {
  const isAuthor = viewer.id === authorId;
  const author = isAuthor ? undefined : await itemStore(db).author(authorId);
  const ties = isAuthor ? undefined : await socialGraph(db).tiesWith(viewer.id, authorId);
  const watch = maySeeStories({
    isAuthor,
    blocked: !!ties && (ties.blocked || ties.blockedBy),
    isFriend: !!ties?.isFriend,
    authorPrivate: author?.buddies_private === 1,
    authorBanned: !!author && isHidden(author),
  });
  if (!watch || (!isAuthor && !story.ready)) return false;
  return mayShowNsfw(isAuthor, story.nsfw, story.nsfw && (await itemStore(db).storyNsfwAllowed(viewer.id)));
}

/** A status or photo a comment call names (isPhoto, postId, authorUserId), if the viewer may see it. */
export function visiblePost(
  db: Kysely<Database>,
  viewer: UserRow,
  p: { isPhoto?: boolean; postId: number; authorUserId: number },
): Promise<Item> {
  const type = p.isPhoto ? LikeItemType.PHOTO : LikeItemType.STATUS;
  return visibleItem(db, viewer, type, p.postId, p.authorUserId);
}

/** Where a notice about an item opens (web routes: the product's pages, our feed page). */
export function itemUrl(type: number, id: number, authorId: number): string {
  if (type === LikeItemType.PHOTO) return `/html/album/photoalbum-view.jsp?postid=${id}&u=${authorId}`;
  if (type === LikeItemType.STATUS) return `/feed?status=${id}&u=${authorId}`;
  // The member home: its stories strip opens the viewer at this author's stories.
  if (type === LikeItemType.STORY) return `/html/index.jsp?story=${id}&u=${authorId}`;
  return `/html/profile-view.jsp?user=${authorId}`;
}

/** Where a notice about `item` opens: a comment's notice opens its post. */
export function urlFor(item: Item): string {
  const owner = item.post ?? item;
  return itemUrl(owner.type, owner.id, owner.authorId);
}

/** Drops an item's likes, counters and the notices about it, in the transaction deleting it. */
export async function dropItem(trx: Kysely<Database>, type: number, id: number): Promise<void> {
  await itemStore(trx).dropLikeEvents(type, id);
  await itemStore(trx).dropLikesAndStats(type, id);
  await dropNoticesAbout(trx, type, id);
}

/** PhotoPrivacy of what is written on a profile: a private profile's is for friends only. */
export const privacyOnProfile = (owner: { buddies_private: number }) =>
  owner.buddies_private ? PhotoPrivacy.FRIENDS : PhotoPrivacy.PUBLIC;
