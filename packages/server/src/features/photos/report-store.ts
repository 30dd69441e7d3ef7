import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for photo reports and the member's NSFW opt-in. */
export function reportStore(db: Kysely<Database>) {
  return {
    /** Files a photo report for the moderation queue, once per reporter and photo. */
    async insertReportOnce(r: {
      reporterId: number;
      reportedId: number;
      photoId: number | null;
      comment: string | null;
      now: number;
    }): Promise<boolean> {
      let q = db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', r.reporterId)
        .where('reported_id', '=', r.reportedId)
        .where('kind', '=', 'photo');
      q = r.photoId === null ? q.where('item_id', 'is', null) : q.where('item_id', '=', r.photoId);
      if (await q.executeTakeFirst()) return false;
      await db
        .insertInto('reports')
        .values({
          reporter_id: r.reporterId,
          reported_id: r.reportedId,
          kind: 'photo',
          item_id: r.photoId,
          comment: r.comment,
          created_at: r.now,
        })
        .execute();
      return true;
    },

    async setAllowNsfw(userId: number): Promise<void> {
      await db.updateTable('users').set({ allow_nsfw: 1 }).where('id', '=', userId).execute();
    },
  };
}
