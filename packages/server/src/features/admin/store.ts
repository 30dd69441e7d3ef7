import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

/** The columns the admin area shows of a member. */
const MEMBER = [
  'id',
  'name',
  'email',
  'image1',
  'birth_date',
  'is_admin',
  'is_moderator',
  'verified',
  'banned_at',
  'ban_until',
  'ban_reason',
  'deleted_at',
  'creation_time',
  'last_access',
  'about',
] as const;

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

/** All of the admin area's SQL: members as staff see them, bans, roles, the queue, the audit log. */
export function adminStore(db: Db) {
  const members = (q: Kysely<Database> = db) => q.selectFrom('users').select(MEMBER);
  const reports = () =>
    db
      .selectFrom('reports as r')
      .innerJoin('users as by', 'by.id', 'r.reporter_id')
      .leftJoin('users as about', 'about.id', 'r.reported_id')
      .selectAll('r')
      .select(['by.name as reporter_name', 'about.name as reported_name']);

  return {
    member: (id: number) => members().where('id', '=', id).executeTakeFirst(),

    /** By id, exact email (any case) or name prefix; banned and deleted members too. */
    findMembers(query: { id?: number; email?: string; namePrefix?: string }, offset: number, limit: number) {
      let q = members();
      if (query.id !== undefined) q = q.where('id', '=', query.id);
      else if (query.email) q = q.where((eb) => eb(eb.fn('lower', ['email']), '=', query.email!));
      else {
        // LIKE with its wildcards escaped: names hold underscores.
        const pattern = `${query.namePrefix!.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        q = q.where(sql<boolean>`name_lower like ${pattern} escape '\\'`);
      }
      return q.orderBy('name_lower').offset(offset).limit(limit).execute();
    },

    /** Reports about and by each member: [about, by] per id. */
    async reportCounts(ids: number[]): Promise<Map<number, [number, number]>> {
      const counts = new Map<number, [number, number]>(ids.map((id) => [id, [0, 0]]));
      if (!ids.length) return counts;
      const [about, by] = await Promise.all([
        db
          .selectFrom('reports')
          .select(['reported_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('reported_id', 'in', ids)
          .groupBy('reported_id')
          .execute(),
        db
          .selectFrom('reports')
          .select(['reporter_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('reporter_id', 'in', ids)
          .groupBy('reporter_id')
          .execute(),
      ]);
      for (const r of about) if (r.id !== null) counts.get(r.id)![0] = Number(r.n);
      for (const r of by) counts.get(r.id)![1] = Number(r.n);
      return counts;
    },

    async ban(trx: Kysely<Database>, userId: number, values: { until: number; reason: string; now: number }) {
      await trx
        .updateTable('users')
        .set({ banned_at: values.now, ban_until: values.until, ban_reason: values.reason })
        .where('id', '=', userId)
        .execute();
    },

    /** Lifts a ban (not the hiding of a deleted account, which also sets banned_at). */
    async unban(trx: Kysely<Database>, userId: number) {
      await trx
        .updateTable('users')
        .set({ banned_at: 0, ban_until: 0, ban_reason: null })
        .where('id', '=', userId)
        .where('deleted_at', '=', 0)
        .execute();
    },

    /** Members whose timed ban has ended by `now`. */
    async expiredBans(now: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('ban_until', '>', 0)
        .where('ban_until', '<=', now)
        .where('banned_at', '>', 0)
        .limit(500)
        .execute();
      return rows.map((r) => r.id);
    },

    async setRole(trx: Kysely<Database>, userId: number, role: { admin: boolean; moderator: boolean }) {
      await trx
        .updateTable('users')
        .set({ is_admin: role.admin ? 1 : 0, is_moderator: role.moderator ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    async verify(trx: Kysely<Database>, userId: number) {
      await trx.updateTable('users').set({ verified: 1 }).where('id', '=', userId).execute();
    },

    async gag(trx: Kysely<Database>, userId: number, until: number) {
      await trx.updateTable('users').set({ chat_gag_until: until }).where('id', '=', userId).execute();
    },

    /** A reported member's own words go: the profile's about text. */
    async clearProfileText(trx: Kysely<Database>, userId: number) {
      await trx.updateTable('users').set({ about: null }).where('id', '=', userId).execute();
    },

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

    sessionsOf(userId: number) {
      return db
        .selectFrom('sessions')
        .select(['public_id', 'created_at', 'last_seen', 'user_agent', 'address'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', Date.now())
        .orderBy('last_seen', 'desc')
        .limit(20)
        .execute();
    },

    async dashboard(now: number, dayStart: number) {
      const count = async (q: Promise<{ n: number | string | bigint } | undefined>) =>
        Number((await q)?.n ?? 0);
      const users = () => db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
      const [openReports, members, bannedMembers, staff, activeLastHour, signupsToday, actionsToday] =
        await Promise.all([
          count(
            db
              .selectFrom('reports')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'open')
              .executeTakeFirst(),
          ),
          count(users().where('deleted_at', '=', 0).executeTakeFirst()),
          count(users().where('banned_at', '>', 0).where('deleted_at', '=', 0).executeTakeFirst()),
          count(
            users()
              .where((eb) => eb.or([eb('is_admin', '=', 1), eb('is_moderator', '=', 1)]))
              .executeTakeFirst(),
          ),
          count(
            users()
              .where('last_access', '>', now - 3_600_000)
              .executeTakeFirst(),
          ),
          count(users().where('creation_time', '>=', dayStart).executeTakeFirst()),
          count(
            db
              .selectFrom('moderation_log')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('created_at', '>=', dayStart)
              .executeTakeFirst(),
          ),
        ]);
      return { openReports, members, bannedMembers, staff, activeLastHour, signupsToday, actionsToday };
    },
  };
}

export type AdminStore = ReturnType<typeof adminStore>;
export type ReportRow = NonNullable<Awaited<ReturnType<AdminStore['report']>>>;
export type MemberRow = NonNullable<Awaited<ReturnType<AdminStore['member']>>>;
