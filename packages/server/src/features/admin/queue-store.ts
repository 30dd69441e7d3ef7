import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

/** The moderation queue's SQL: reports with who filed them and about whom, and what resolutions write. */
export function queueStore(db: Db) {
  const reports = () =>
    db
      .selectFrom('reports as r')
      .innerJoin('users as by', 'by.id', 'r.reporter_id')
      .leftJoin('users as about', 'about.id', 'r.reported_id')
      .selectAll('r')
      .select(['by.name as reporter_name', 'about.name as reported_name']);

  return {
    report: (id: number) => reports().where('r.id', '=', id).executeTakeFirst(),

    /**
     * Open reports, those whose target (kind, member, item) has the most open reports first, then
     * the oldest; each with that count.
     */
    openQueue(kind: string | undefined, offset: number, limit: number) {
      let q = reports()
        .select((eb) =>
          eb
            .selectFrom('reports as same')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('same.kind', '=', 'r.kind')
            .where((e) =>
              e(e.fn.coalesce('same.reported_id', e.lit(0)), '=', e.fn.coalesce('r.reported_id', e.lit(0))),
            )
            .where((e) =>
              e(e.fn.coalesce('same.item_id', e.lit(0)), '=', e.fn.coalesce('r.item_id', e.lit(0))),
            )
            .where('same.status', '=', 'open')
            .as('target_reports'),
        )
        .where('r.status', '=', 'open');
      if (kind) q = q.where('r.kind', '=', kind);
      return q
        .orderBy('target_reports', 'desc')
        .orderBy('r.created_at', 'asc')
        .orderBy('r.id', 'asc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    resolvedQueue(kind: string | undefined, offset: number, limit: number) {
      let q = reports().where('r.status', '=', 'resolved');
      if (kind) q = q.where('r.kind', '=', kind);
      return q.orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc').offset(offset).limit(limit).execute();
    },

    /** Reports about (or by) a member, newest first. */
    reportsOf(userId: number, side: 'about' | 'by', limit: number) {
      return reports()
        .where(side === 'about' ? 'r.reported_id' : 'r.reporter_id', '=', userId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Closes every open report on the target; answers their ids and reporters. */
    async resolveTarget(
      trx: Kysely<Database>,
      target: { kind: string; reportedId: number; itemId: number | null },
      values: { resolution: string; by: number; now: number },
    ) {
      let q = trx
        .selectFrom('reports')
        .select(['id', 'reporter_id'])
        .where('kind', '=', target.kind)
        .where('status', '=', 'open');
      // 0: a report that names no member (an ad).
      q = target.reportedId
        ? q.where('reported_id', '=', target.reportedId)
        : q.where('reported_id', 'is', null);
      q = target.itemId === null ? q.where('item_id', 'is', null) : q.where('item_id', '=', target.itemId);
      const open = await q.execute();
      if (open.length) {
        await trx
          .updateTable('reports')
          .set({
            status: 'resolved',
            resolution: values.resolution,
            resolved_by: values.by,
            resolved_at: values.now,
          })
          .where(
            'id',
            'in',
            open.map((r) => r.id),
          )
          .execute();
      }
      return open;
    },

    async gag(trx: Kysely<Database>, userId: number, until: number) {
      await trx.updateTable('users').set({ chat_gag_until: until }).where('id', '=', userId).execute();
    },

    /** A reported member's own words go: the profile's about text. */
    async clearProfileText(trx: Kysely<Database>, userId: number) {
      await trx.updateTable('users').set({ about: null }).where('id', '=', userId).execute();
    },
  };
}

export type ReportRow = NonNullable<Awaited<ReturnType<ReturnType<typeof queueStore>['report']>>>;
