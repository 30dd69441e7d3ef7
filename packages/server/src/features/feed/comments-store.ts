import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';

type Post = { type: number; id: number };

/** The SQL of comments on statuses and photos; `db` may be a transaction. */
export function commentStore(db: Kysely<Database>) {
  return {
    insert(c: {
      post: Post & { authorId: number };
      authorId: number;
      message: string;
      imageKey: string | null;
      createdAt: number;
    }) {
      return db
        .insertInto('comments')
        .values({
          post_type: c.post.type,
          post_id: c.post.id,
          post_author_id: c.post.authorId,
          author_id: c.authorId,
          message: c.message,
          image_key: c.imageKey,
          created_at: c.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A post's comments, oldest first, none by a member either side blocked. */
    onPost(post: Post, viewerId: number, p: { offset: number; limit: number }) {
      return db
        .selectFrom('comments')
        .selectAll()
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .where((eb) => noBlockWith(eb, viewerId, 'comments.author_id'))
        .orderBy('id')
        .offset(p.offset)
        .limit(p.limit)
        .execute();
    },

    find(post: Post, commentId: number) {
      return db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', commentId)
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .executeTakeFirst();
    },

    /** Answers whether there was a comment to delete. */
    async delete(commentId: number): Promise<boolean> {
      const result = await db.deleteFrom('comments').where('id', '=', commentId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async idsOnPost(post: Post): Promise<number[]> {
      const rows = await db
        .selectFrom('comments')
        .select('id')
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .execute();
      return rows.map((r) => r.id);
    },

    async deleteOnPost(post: Post): Promise<void> {
      await db
        .deleteFrom('comments')
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .execute();
    },
  };
}
