import { type Like, NotificationKind, type User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { noBlockWith } from '../people/blocks';
import { bump, type FeedContext, type Page, pageOf, urlFor } from './context';
import { visibleItem } from './items';

/**
 * Likes of every likeable item (LikeItemType): idempotent, counted atomically, notified to the author.
 * A like's content is what it was sent with (the web app's reaction emoji); liking again with other
 * content replaces it, liking again without content keeps it.
 */
export function likeCalls(c: FeedContext) {
  const { db, people, notices, likeCount } = c;
  return {
    async like(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number; content?: string }) {
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      const content = p.content?.trim() || null;
      const notice = await db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('likes')
          .values({
            item_type: item.type,
            item_id: item.id,
            user_id: viewer.id,
            author_id: item.authorId,
            content,
            created_at: Date.now(),
          })
          .onConflict((oc) => oc.columns(['item_type', 'item_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
          // Liked already: nothing counts twice, but new content (another reaction) replaces the old.
          if (content === null) return undefined;
          const changed = await trx
            .updateTable('likes')
            .set({ content })
            .where('item_type', '=', item.type)
            .where('item_id', '=', item.id)
            .where('user_id', '=', viewer.id)
            .where((eb) => eb.or([eb('content', 'is', null), eb('content', '!=', content)]))
            .executeTakeFirst();
          // A new version of the item for the cached feed pages (page-cache.ts); the count stays.
          if (Number(changed.numUpdatedRows) > 0) await bump(trx, item, 0, 0);
          return undefined;
        }
        await bump(trx, item, 1, 0);
        return notices.create(trx, {
          userId: item.authorId,
          kind: NotificationKind.LIKE,
          actorId: viewer.id,
          itemType: item.type,
          itemId: item.id,
          url: urlFor(item),
        });
      });
      await notices.deliver([notice]);
      return likeCount(item);
    },

    async unlike(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number }) {
      // The same rule as like: an item the viewer may not see answers 404 and changes nothing.
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('likes')
          .where('item_type', '=', item.type)
          .where('item_id', '=', item.id)
          .where('user_id', '=', viewer.id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) > 0) await bump(trx, item, -1, 0);
      });
      return likeCount(item);
    },

    async doesLike(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number }) {
      const row = await db
        .selectFrom('likes')
        .select('user_id')
        .where('item_type', '=', p.type)
        .where('item_id', '=', p.itemId)
        .where('user_id', '=', viewer.id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async userLikes(viewer: UserRow, p: Page & { type?: number }): Promise<Like[]> {
      const { limit, offset } = pageOf(p, 20);
      let q = db.selectFrom('likes').selectAll().where('user_id', '=', viewer.id);
      if (p.type) q = q.where('item_type', '=', p.type);
      const rows = await q.orderBy('created_at', 'desc').offset(offset).limit(limit).execute();
      return rows.map((r) => ({
        type: r.item_type,
        itemId: r.item_id,
        authorUserId: r.author_id,
        content: r.content ?? undefined,
        creationTime: r.created_at,
      }));
    },

    async itemLikes(
      viewer: UserRow,
      p: Page & { type: number; itemId: number; authorUserId: number },
    ): Promise<User[]> {
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      const { limit, offset } = pageOf(p, 20);
      const rows = await db
        .selectFrom('likes')
        .innerJoin('users', 'users.id', 'likes.user_id')
        .selectAll('users')
        .where('likes.item_type', '=', item.type)
        .where('likes.item_id', '=', item.id)
        .where('users.banned_at', '=', 0)
        .where((eb) => noBlockWith(eb, viewer.id, 'likes.user_id'))
        .orderBy('likes.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return people.present(viewer, rows);
    },

    async itemLikeCount(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number }) {
      return likeCount(await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId));
    },
  };
}
