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

/** The member lookup's SQL: members as staff see them, their report counts and sessions, the dashboard. */
export function membersStore(db: Db) {
  const members = (q: Kysely<Database> = db) => q.selectFrom('users').select(MEMBER);

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

export type MemberRow = NonNullable<Awaited<ReturnType<ReturnType<typeof membersStore>['member']>>>;
