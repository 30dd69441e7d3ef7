import type { Db } from '../../db/index';

/** Game reports in the moderators' queue (reports.kind 'game'). */
export function gameReportStore(db: Db) {
  return {
    async insertReport(r: {
      reporter: number;
      message: string;
      gameId?: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('reports')
        .values({
          reporter_id: r.reporter,
          reported_id: null,
          kind: 'game',
          // The game reported from the container, when it said which.
          item_id: r.gameId ?? null,
          comment: r.message,
          url: null,
          created_at: r.now,
        })
        .execute();
    },
  };
}
