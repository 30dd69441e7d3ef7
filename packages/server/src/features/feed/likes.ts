import { type Like, likeEventTypeOf, NotificationKind, PhotoPrivacy, type User } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { isOpenPhoto } from '../../policy/photos';
import { isHidden } from '../../policy/standing';
import type { NotificationUseCases } from '../notifications/notices';
import type { PeopleUseCases } from '../people/use-cases';
import { dropFeedEventByKey, recordFeedEventOnce } from './events';
import { type Page, pageOf } from './inputs';
import { type Item, urlFor, visibleItem } from './items';
import { itemStore } from './items-store';
import { likeStore } from './likes-store';
import { feedKeys } from './log';

type ItemRef = { type: number; itemId: number; authorUserId: number };

/**
 * Likes of every likeable item (LikeItemType): idempotent, counted atomically, notified to the author.
 * A like's content is what it was sent with (the web app's reaction emoji); liking again with other
 * content replaces it, liking again without content keeps it.
 */
export function likeUseCases(d: {
  db: Kysely<Database>;
  unitOfWork: UnitOfWork;
  people: Pick<PeopleUseCases, 'present'>;
  notices: Pick<NotificationUseCases, 'create' | 'deliver'>;
}) {
  const { db, people, notices } = d;
  const likeCount = (item: { type: number; id: number }) => itemStore(db).likeCount(item);

  /**
   * Whether a like of the item is news for the liker's friends: only when anyone may see the
   * item (public, on an open profile, its author not banned, not a hidden photo). A like of a friends-only item
   * would show it to people its author never chose, so it makes no event; nor does a story's.
   */
  async function isNews(item: Item): Promise<boolean> {
    const owner = item.post ?? item;
    // A story lasts a day and is watched from the strip: its likes go only to its author.
    if (owner.story) return false;
    if (owner.privacy !== PhotoPrivacy.PUBLIC) return false;
    // A backstage, NSFW or quarantined photo is not for everyone: its likes are no one's news.
    if (owner.photo && !isOpenPhoto({ ...owner.photo, privacy: owner.privacy })) return false;
    const author = await itemStore(db).author(owner.authorId);
    return !!author && !author.buddies_private && !isHidden(author);
  }
  return {
    async like(viewer: UserRow, p: ItemRef & { content?: string }) {
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      const content = p.content?.trim() || null;
      const news = item.authorId !== viewer.id && (await isNews(item));
      await d.unitOfWork(async (trx, after) => {
        const likes = likeStore(trx);
        const added = await likes.insert({
          itemType: item.type,
          itemId: item.id,
          userId: viewer.id,
          authorId: item.authorId,
          content,
          createdAt: Date.now(),
        });
        if (!added) {
          // Liked already: nothing counts twice, but new content (another reaction) replaces the old.
          if (content === null) return undefined;
          const changed = await likes.replaceContent(item.type, item.id, viewer.id, content);
          // A new version of the item for the cached feed pages (page-cache.ts); the count stays.
          if (changed) await itemStore(trx).bump(item, 0, 0);
          return undefined;
        }
        await itemStore(trx).bump(item, 1, 0);
        if (news) {
          // The card shows the liked item: its likes and comments are the item's own.
          await recordFeedEventOnce(trx, {
            type: likeEventTypeOf(item.type),
            userId: viewer.id,
            key: feedKeys.like(item.type, item.id, viewer.id),
            postId: item.id,
            item: { type: item.type, id: item.id },
            properties: { 'source.user': viewer.id, 'target.user': item.authorId },
            aboutId: item.authorId,
            privacy: PhotoPrivacy.FRIENDS,
          });
        }
        const notice = await notices.create(trx, {
          userId: item.authorId,
          kind: NotificationKind.LIKE,
          actorId: viewer.id,
          itemType: item.type,
          itemId: item.id,
          url: urlFor(item),
        });
        after.run(() => notices.deliver([notice]));
      });
      return likeCount(item);
    },

    async unlike(viewer: UserRow, p: ItemRef) {
      // The same rule as like: an item the viewer may not see answers 404 and changes nothing.
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      await db.transaction().execute(async (trx) => {
        if (await likeStore(trx).delete(item.type, item.id, viewer.id)) {
          await itemStore(trx).bump(item, -1, 0);
          await dropFeedEventByKey(trx, feedKeys.like(item.type, item.id, viewer.id));
        }
      });
      return likeCount(item);
    },

    doesLike: (viewer: UserRow, p: ItemRef) => likeStore(db).exists(p.type, p.itemId, viewer.id),

    async userLikes(viewer: UserRow, p: Page & { type?: number }): Promise<Like[]> {
      const rows = await likeStore(db).byMember(viewer.id, { type: p.type, ...pageOf(p, 20) });
      return rows.map((r) => ({
        type: r.item_type,
        itemId: r.item_id,
        authorUserId: r.author_id,
        content: r.content ?? undefined,
        creationTime: r.created_at,
      }));
    },

    async itemLikes(viewer: UserRow, p: Page & ItemRef): Promise<User[]> {
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      const rows = await likeStore(db).likers(item.type, item.id, viewer.id, pageOf(p, 20));
      return people.present(viewer, rows);
    },

    async itemLikeCount(viewer: UserRow, p: ItemRef) {
      return likeCount(await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId));
    },
  };
}
