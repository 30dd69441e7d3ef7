import { type Comment, LikeItemType, NotificationKind } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../effects/unit-of-work';
import type { UserRow } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { type AttachPhoto, oneOrNone, pictureOf } from '../../media/attach';
import type { NotificationUseCases } from '../notifications/notices';
import { commentStore } from './comments-store';
import { fileOf, type Page, pageOf, type SaveImage, type WriteLimit } from './inputs';
import { dropItem, urlFor, visiblePost } from './items';
import { itemStore } from './items-store';
import type { FeedPresenter } from './present-events';

type PostRef = { isPhoto?: boolean; postId: number; authorUserId: number };

/** Comments on statuses and photos: written by those who may see the post, deleted by their writer or the post's author. */
export function commentUseCases(d: {
  db: Kysely<Database>;
  unitOfWork: UnitOfWork;
  present: Pick<FeedPresenter, 'comments'>;
  notices: Pick<NotificationUseCases, 'create' | 'deliver'>;
  limit: WriteLimit;
  saveImage: SaveImage;
  attachPhoto: AttachPhoto;
}) {
  const { db, present, notices } = d;
  return {
    async comment(
      viewer: UserRow,
      p: PostRef & { message: string; photo?: unknown; photoId?: number },
    ): Promise<Comment> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const file = fileOf(p.photo, 'photo');
      oneOrNone(file, p.photoId);
      const post = await visiblePost(db, viewer, p);
      await d.limit(viewer.id);
      const imageKey = await pictureOf(d.attachPhoto, d.saveImage, viewer, file, p.photoId);
      const row = await d.unitOfWork(async (trx, after) => {
        const row = await commentStore(trx).insert({
          post,
          authorId: viewer.id,
          message,
          imageKey,
          createdAt: Date.now(),
        });
        await itemStore(trx).bump(post, 0, 1);
        const notice = await notices.create(trx, {
          userId: post.authorId,
          kind: NotificationKind.COMMENT,
          actorId: viewer.id,
          itemType: post.type,
          itemId: post.id,
          url: urlFor(post),
        });
        after.run(() => notices.deliver([notice]));
        return row;
      });
      const [comment] = await present.comments(viewer, [row]);
      return comment;
    },

    async comments(viewer: UserRow, p: Page & PostRef): Promise<Comment[]> {
      const post = await visiblePost(db, viewer, p);
      const rows = await commentStore(db).onPost(post, viewer.id, pageOf(p, 20));
      return present.comments(viewer, rows);
    },

    async deleteComment(viewer: UserRow, p: PostRef & { commentId: number }): Promise<boolean> {
      const post = await visiblePost(db, viewer, p);
      const row = await commentStore(db).find(post, p.commentId);
      if (!row) throw notFound('feed.commentNotFound');
      if (row.author_id !== viewer.id && row.post_author_id !== viewer.id) {
        throw forbidden('feed.commentDeleteForbidden');
      }
      await db.transaction().execute(async (trx) => {
        if (!(await commentStore(trx).delete(row.id))) return;
        await dropItem(trx, LikeItemType.COMMENT, row.id);
        await itemStore(trx).bump(post, 0, -1);
      });
      return true;
    },
  };
}
