import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export interface AuditValues {
  actorId: number;
  action: string;
  targetId?: number;
  reportId?: number;
  kind?: string;
  itemId?: number | null;
  reason?: string;
  details?: Record<string, unknown>;
  now: number;
}

/** The audit log: append only (the table's triggers refuse UPDATE and DELETE, migration 027). */
export function auditStore(db: Db) {
  return {
    async audit(trx: Kysely<Database>, e: AuditValues) {
      await trx
        .insertInto('moderation_log')
        .values({
          actor_id: e.actorId,
          action: e.action,
          target_id: e.targetId ?? null,
          report_id: e.reportId ?? null,
          kind: e.kind ?? null,
          item_id: e.itemId ?? null,
          reason: e.reason ?? null,
          details: e.details ? JSON.stringify(e.details) : null,
          created_at: e.now,
        })
        .execute();
    },

    auditLog(p: { before?: number; targetId?: number }, offset: number, limit: number) {
      let q = db
        .selectFrom('moderation_log as l')
        .innerJoin('users as actor', 'actor.id', 'l.actor_id')
        .leftJoin('users as target', 'target.id', 'l.target_id')
        .selectAll('l')
        .select(['actor.name as actor_name', 'target.name as target_name']);
      if (p.before) q = q.where('l.created_at', '<', p.before);
      if (p.targetId) q = q.where('l.target_id', '=', p.targetId);
      return q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').offset(offset).limit(limit).execute();
    },
  };
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditStore>['auditLog']>>[number];
