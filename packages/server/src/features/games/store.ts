import type { Db } from '../../db/index';

/** Game reports in the moderators' queue (reports.kind 'game'). */
export function gameReportStore(db: Db) {
  return {
    async insertReport(r: { reporter: number; message: string; now: number }): Promise<void> {
      await db
        .insertInto('reports')
        .values({
          reporter_id: r.reporter,
          reported_id: null,
          kind: 'game',
          item_id: null,
          comment: r.message,
          url: null,
          created_at: r.now,
        })
        .execute();
    },
  };
}
