import { sql, type Updateable } from 'kysely';
import { idInParameter, idsParameter } from '../../db/id-list';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { UsersTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { blockedEitherWay } from './blocks';

// Every list of members a viewer sees asks this: built and compiled once (db/prepared.ts).
const tiesQuery = prepared((db: Db, me: number, ids: unknown) =>
  db
    .selectFrom('friendships')
    .select([sql<number>`1`.as('tie'), 'friend_id as id'])
    .where('user_id', '=', me)
    .where(idInParameter(db, 'friend_id', ids))
    .unionAll(
      db
        .selectFrom('blocks')
        .select([sql<number>`2`.as('tie'), 'blocked_id as id'])
        .where('blocker_id', '=', me)
        .where(idInParameter(db, 'blocked_id', ids)),
    )
    .unionAll(
      db
        .selectFrom('blocks')
        .select([sql<number>`3`.as('tie'), 'blocker_id as id'])
        .where('blocked_id', '=', me)
        .where(idInParameter(db, 'blocker_id', ids)),
    ),
);

/** SQL for people: members, friendships (read), blocks, visits, reports, verification tokens. */
export function peopleStore(db: Db) {
  const idsWhere = async (
    table: 'friendships' | 'blocks',
    mine: 'user_id' | 'blocker_id' | 'blocked_id',
    theirs: 'friend_id' | 'blocked_id' | 'blocker_id',
    me: number,
    ids: number[],
  ): Promise<Set<number>> => {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom(table)
      .select(`${theirs} as id` as 'friend_id as id')
      .where(mine as 'user_id', '=', me)
      .where(theirs as 'friend_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  };

  return {
    byId(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    friendsAmong: (me: number, ids: number[]) => idsWhere('friendships', 'user_id', 'friend_id', me, ids),
    blockedAmong: (me: number, ids: number[]) => idsWhere('blocks', 'blocker_id', 'blocked_id', me, ids),
    blockersAmong: (me: number, ids: number[]) => idsWhere('blocks', 'blocked_id', 'blocker_id', me, ids),

    /** The three above in one round trip: every list of members shown to a viewer asks for them. */
    async tiesAmong(me: number, ids: number[]) {
      const ties = { friends: new Set<number>(), blocked: new Set<number>(), blockedBy: new Set<number>() };
      if (ids.length === 0) return ties;
      const rows = await tiesQuery(db, me, idsParameter(db, ids));
      const sets = [ties.friends, ties.blocked, ties.blockedBy];
      for (const row of rows) sets[Number(row.tie) - 1].add(row.id);
      return ties;
    },

    blockedEitherWay: (a: number, b: number) => blockedEitherWay(db, a, b),

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

    blockedUsers(blocker: number, offset: number, limit: number): Promise<UserRow[]> {
      return db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blocked_id')
        .selectAll('users')
        .where('blocks.blocker_id', '=', blocker)
        .orderBy('blocks.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** Records a visit; returns the time of the visitor's previous visit (0 for the first). */
    async recordVisit(owner: number, visitor: number, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
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
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blocks')
                .select('blocks.blocker_id')
                .where((b) =>
                  b.or([
                    b.and([
                      b('blocks.blocker_id', '=', owner),
                      b('blocks.blocked_id', '=', b.ref('users.id')),
                    ]),
                    b.and([
                      b('blocks.blocked_id', '=', owner),
                      b('blocks.blocker_id', '=', b.ref('users.id')),
                    ]),
                  ]),
                ),
            ),
          ),
        );
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

    async insertReport(values: {
      reporter: number;
      reported: number;
      kind: string;
      itemId?: number;
      comment?: string;
      url?: string;
      now: number;
    }): Promise<void> {
      await db
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
