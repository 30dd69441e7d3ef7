import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';

/** The SQL of likes; `db` may be a transaction. */
export function likeStore(db: Kysely<Database>) {
  return {
    /** Stores the like unless the member liked the item already; answers whether it was new. */
    async insert(like: {
      itemType: number;
      itemId: number;
      userId: number;
      authorId: number;
      content: string | null;
      createdAt: number;
    }): Promise<boolean> {
      const result = await db
        .insertInto('likes')
        .values({
          item_type: like.itemType,
          item_id: like.itemId,
          user_id: like.userId,
          author_id: like.authorId,
          content: like.content,
          created_at: like.createdAt,
        })
        .onConflict((oc) => oc.columns(['item_type', 'item_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Gives an existing like new content (another reaction); answers whether it changed. */
    async replaceContent(
      itemType: number,
      itemId: number,
      userId: number,
      content: string,
    ): Promise<boolean> {
      const changed = await db
        .updateTable('likes')
        .set({ content })
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('content', 'is', null), eb('content', '!=', content)]))
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    /** Answers whether there was a like to take back. */
    async delete(itemType: number, itemId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('likes')
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async exists(itemType: number, itemId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('likes')
        .select('user_id')
        .where('item_type', '=', itemType)
        .where('item_id', '=', itemId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A member's likes, newest first, of one LikeItemType or all. */
    byMember(userId: number, p: { type?: number; offset: number; limit: number }) {
      let q = db.selectFrom('likes').selectAll().where('user_id', '=', userId);
      if (p.type) q = q.where('item_type', '=', p.type);
      return q.orderBy('created_at', 'desc').offset(p.offset).limit(p.limit).execute();
    },

    /** Who liked an item, newest first: no banned member, none either side blocked. */
    likers(itemType: number, itemId: number, viewerId: number, p: { offset: number; limit: number }) {
      return db
        .selectFrom('likes')
        .innerJoin('users', 'users.id', 'likes.user_id')
        .selectAll('users')
        .where('likes.item_type', '=', itemType)
        .where('likes.item_id', '=', itemId)
        .where('users.banned_at', '=', 0)
        .where((eb) => noBlockWith(eb, viewerId, 'likes.user_id'))
        .orderBy('likes.created_at', 'desc')
        .offset(p.offset)
        .limit(p.limit)
        .execute();
    },
  };
}
