import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The policy's read of reports (the reporting features write them). */
export function reportStore(db: Kysely<Database>) {
  return {
    /**
     * Whether a member reported this photo (of this owner or author): served by the queue's
     * index reports_target (kind, reported_id, item_id).
     */
    async photoReported(photoId: number, reportedIds: readonly number[]): Promise<boolean> {
      const row = await db
        .selectFrom('reports')
        .select('id')
        .where('kind', '=', 'photo')
        .where('reported_id', 'in', [...new Set(reportedIds)])
        .where('item_id', '=', photoId)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },
  };
}
