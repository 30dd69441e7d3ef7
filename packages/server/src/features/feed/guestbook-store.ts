import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The SQL of guestbook entries; `db` may be a transaction. */
export function guestbookStore(db: Kysely<Database>) {
  return {
    insert(e: {
      profileId: number;
      authorId: number;
      message: string;
      imageKey: string | null;
      createdAt: number;
    }) {
      return db
        .insertInto('guestbook_entries')
        .values({
          profile_id: e.profileId,
          author_id: e.authorId,
          message: e.message,
          image_key: e.imageKey,
          created_at: e.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A profile's entries, newest first, none by a banned member. */
    onProfile(profileId: number, p: { offset: number; limit: number }) {
      return db
        .selectFrom('guestbook_entries as g')
        .innerJoin('users', 'users.id', 'g.author_id')
        .selectAll('g')
        .where('g.profile_id', '=', profileId)
        .where('users.banned_at', '=', 0)
        .orderBy('g.id', 'desc')
        .offset(p.offset)
        .limit(p.limit)
        .execute();
    },

    async delete(entryId: number): Promise<void> {
      await db.deleteFrom('guestbook_entries').where('id', '=', entryId).execute();
    },

    /** Whole member rows, for the people feature's view. */
    members(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
  };
}
