import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The SQL of statuses and of the feed's columns on the member's row; `db` may be a transaction. */
export function statusStore(db: Kysely<Database>) {
  return {
    insert(s: {
      userId: number;
      text: string;
      imageKey: string | null;
      privacy: number;
      nsfw: number;
      createdAt: number;
    }) {
      return db
        .insertInto('statuses')
        .values({
          user_id: s.userId,
          text: s.text,
          image_key: s.imageKey,
          privacy: s.privacy,
          nsfw: s.nsfw,
          created_at: s.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(statusId: number, userId: number): Promise<void> {
      await db.deleteFrom('statuses').where('id', '=', statusId).where('user_id', '=', userId).execute();
    },

    /** The member's newest status, if any. */
    latestOf(userId: number) {
      return db
        .selectFrom('statuses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** The status kept on the member's row (User.statusObject), as stored now. */
    async statusObjectOf(userId: number): Promise<string | null | undefined> {
      const row = await db
        .selectFrom('users')
        .select('status_object')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.status_object;
    },

    async setStatusObject(userId: number, statusObject: string | null): Promise<void> {
      await db.updateTable('users').set({ status_object: statusObject }).where('id', '=', userId).execute();
    },

    async setAllowNsfw(userId: number, allow: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ allow_nsfw: allow ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    async setFeedFilter(userId: number, filter: number): Promise<void> {
      await db.updateTable('users').set({ feed_filter: filter }).where('id', '=', userId).execute();
    },
  };
}
