import type { Updateable } from 'kysely';
import { inTransaction } from '../../db/in-transaction';
import type { Db } from '../../db/index';
import type { UsersTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { noBlockWith } from '../../policy/graph';

/**
 * SQL for people: members, blocks (writes only: reads are policy/graph-store.ts's), visits,
 * reports, partners, verification tokens.
 */
export function peopleStore(db: Db) {
  return {
    byId(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    async update(id: number, values: Updateable<UsersTable>): Promise<void> {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
    },

    async block(blocker: number, blocked: number, now: number): Promise<void> {
      await db
        .insertInto('blocks')
        .values({ blocker_id: blocker, blocked_id: blocked, created_at: now })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
    },

    async unblock(blocker: number, blocked: number): Promise<void> {
      await db
        .deleteFrom('blocks')
        .where('blocker_id', '=', blocker)
        .where('blocked_id', '=', blocked)
        .execute();
    },

    /** Records a visit; returns the time of the visitor's previous visit (0 for the first). */
    async recordVisit(owner: number, visitor: number, now: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const previous = await trx
          .selectFrom('profile_visits')
          .select('last_visit')
          .where('owner_id', '=', owner)
          .where('visitor_id', '=', visitor)
          .executeTakeFirst();
        await trx
          .insertInto('profile_visits')
          .values({ owner_id: owner, visitor_id: visitor, last_visit: now })
          .onConflict((oc) =>
            oc.columns(['owner_id', 'visitor_id']).doUpdateSet((eb) => ({
              last_visit: now,
              visits: eb('profile_visits.visits', '+', 1),
            })),
          )
          .execute();
        await trx
          .updateTable('users')
          .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
          .where('id', '=', owner)
          .execute();
        return previous?.last_visit ?? 0;
      });
    },

    /** Visitors of a profile, newest first, leaving out blocked both ways and banned members. */
    visitors(owner: number) {
      const base = db
        .selectFrom('profile_visits')
        .innerJoin('users', 'users.id', 'profile_visits.visitor_id')
        .where('profile_visits.owner_id', '=', owner)
        .where('users.banned_at', '=', 0)
        .where((eb) => noBlockWith(eb, owner, 'users.id'));
      return {
        async count(): Promise<number> {
          const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
          return Number(row?.n ?? 0);
        },
        page(offset: number, limit: number) {
          return base
            .selectAll('users')
            .select('profile_visits.last_visit')
            .orderBy('profile_visits.last_visit', 'desc')
            .offset(offset)
            .limit(limit)
            .execute();
        },
      };
    },

    /** Chat points of members, by id (absent: none yet); love points are the ledger's. */
    async chatPoints(ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('member_points')
        .select(['user_id', 'chat_points'])
        .where('user_id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.chat_points ?? 0)]));
    },

    /** The broadcasts on air of these members (User.broadcastId, docs/live.md). */
    async onAirBroadcasts(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('live_broadcasts')
        .select(['user_id', 'broadcast_id'])
        .where('user_id', 'in', ids)
        .where('ended_at', '=', 0)
        .execute();
      return new Map(rows.map((r) => [r.user_id, r.broadcast_id]));
    },

    /** Admin flags on a member's profile (user/setMemberFlags.do); undefined leaves one as it is. */
    async setFlags(
      id: number,
      flags: { flagged?: boolean; fanProfile?: boolean; featuredArtist?: boolean },
    ): Promise<void> {
      const set: Updateable<UsersTable> = {};
      if (flags.flagged !== undefined) set.admin_flagged = flags.flagged ? 1 : 0;
      if (flags.fanProfile !== undefined) set.is_fan_profile = flags.fanProfile ? 1 : 0;
      if (flags.featuredArtist !== undefined) set.is_featured_artist = flags.featuredArtist ? 1 : 0;
      if (Object.keys(set).length) await db.updateTable('users').set(set).where('id', '=', id).execute();
    },

    /**
     * Stores a report and, in the same transaction, the reported member's count of distinct
     * reporters (what flags them for admins: user-view.ts).
     */
    async insertReport(values: {
      reporter: number;
      reported: number;
      kind: string;
      itemId?: number;
      comment?: string;
      url?: string;
      now: number;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('reports')
          .values({
            reporter_id: values.reporter,
            reported_id: values.reported,
            kind: values.kind,
            item_id: values.itemId ?? null,
            comment: values.comment ?? null,
            url: values.url ?? null,
            created_at: values.now,
          })
          .execute();
        const row = await trx
          .selectFrom('reports')
          .select((eb) => eb.fn.count<number>('reporter_id').distinct().as('n'))
          .where('reported_id', '=', values.reported)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ reporters_count: Number(row.n) })
          .where('id', '=', values.reported)
          .execute();
      });
    },

    /** Members who named `partnerId` as their partner and wait for the answer. */
    pendingPartnersOf(partnerId: number): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('relationship_partner_id', '=', partnerId)
        .where('relationship_confirmed', '=', 0)
        .where('banned_at', '=', 0)
        .orderBy('profile_updated_at', 'desc')
        .limit(50)
        .execute();
    },

    /** Sets a member's named partner; `confirmed` says whether the partner agreed. */
    async setPartner(trx: Db, userId: number, partnerId: number, confirmed: boolean): Promise<void> {
      await trx
        .updateTable('users')
        .set({ relationship_partner_id: partnerId, relationship_confirmed: confirmed ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
    },

    /** Un-names `userId` wherever `partnerId` named them (the other side of a removed relationship). */
    async dropPartnerOf(trx: Db, partnerId: number, userId: number): Promise<void> {
      await trx
        .updateTable('users')
        .set({ relationship_partner_id: 0, relationship_confirmed: 0 })
        .where('id', '=', partnerId)
        .where('relationship_partner_id', '=', userId)
        .execute();
    },

    async insertVerificationToken(userId: number, tokenHash: string, expiresAt: number): Promise<void> {
      await db
        .insertInto('verification_tokens')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
        .execute();
    },

    verificationToken(tokenHash: string, now: number) {
      return db
        .selectFrom('verification_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },
  };
}

export type PeopleStore = ReturnType<typeof peopleStore>;
