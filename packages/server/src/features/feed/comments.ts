import { type Comment, LikeItemType, NotificationKind } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { noBlockWith } from '../people/blocks';
import { bump, dropItem, type FeedContext, fileOf, type Page, pageOf, urlFor } from './context';

/** Comments on statuses and photos: written by those who may see the post, deleted by their writer or the post’s author. */
export function commentCalls(c: FeedContext) {
  const { db, present, notices, limit, storeImage, postOf } = c;
  return {
    async comment(
      viewer: UserRow,
      p: { isPhoto?: boolean; postId: number; authorUserId: number; message: string; photo?: unknown },
    ): Promise<Comment> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const file = fileOf(p.photo, 'photo');
      const post = await postOf(viewer, p);
      await limit(`feed:write:${viewer.id}`);
      const imageKey = file ? await storeImage(file) : null;
      const { row, notice } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('comments')
          .values({
            post_type: post.type,
            post_id: post.id,
            post_author_id: post.authorId,
            author_id: viewer.id,
            message,
            image_key: imageKey,
            created_at: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await bump(trx, post, 0, 1);
        const notice = await notices.create(trx, {
          userId: post.authorId,
          kind: NotificationKind.COMMENT,
          actorId: viewer.id,
          itemType: post.type,
          itemId: post.id,
          url: urlFor(post),
        });
        return { row, notice };
      });
      await notices.deliver([notice]);
      const [comment] = await present.comments(viewer, [row]);
      return comment;
    },

    async comments(
      viewer: UserRow,
      p: Page & { isPhoto?: boolean; postId: number; authorUserId: number },
    ): Promise<Comment[]> {
      const post = await postOf(viewer, p);
      const { limit, offset } = pageOf(p, 20);
      const rows = await db
        .selectFrom('comments')
        .selectAll()
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .where((eb) => noBlockWith(eb, viewer.id, 'comments.author_id'))
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return present.comments(viewer, rows);
    },

    async deleteComment(
      viewer: UserRow,
      p: { isPhoto?: boolean; postId: number; authorUserId: number; commentId: number },
    ): Promise<boolean> {
      const post = await postOf(viewer, p);
      const row = await db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', p.commentId)
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .executeTakeFirst();
      if (!row) throw notFound('feed.commentNotFound');
      if (row.author_id !== viewer.id && row.post_author_id !== viewer.id) {
        throw forbidden('feed.commentDeleteForbidden');
      }
      await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('comments').where('id', '=', row.id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return;
        await dropItem(trx, LikeItemType.COMMENT, row.id);
        await bump(trx, post, 0, -1);
      });
      return true;
    },
  };
}
