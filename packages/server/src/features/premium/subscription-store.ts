import { type Kysely, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database, VipSubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<VipSubscriptionsTable>;
type Q = Kysely<Database>;

/** VIP subscriptions and the VIP time they pay for: all their SQL (docs/premium.md). */
export function subscriptionStore(db: Db) {
  return {
    insert(values: {
      user_id: number;
      provider: string;
      provider_ref: string;
      offer: string;
      currency: string;
    }) {
      const now = Date.now();
      return db
        .insertInto('vip_subscriptions')
        .values({ ...values, state: 'pending', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setProviderRef(id: number, ref: string, q: Q = db): Promise<void> {
      await q
        .updateTable('vip_subscriptions')
        .set({ provider_ref: ref, updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },

    byId: (id: number, q: Q = db) =>
      q.selectFrom('vip_subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

    byRef: (ref: string, q: Q = db) =>
      q.selectFrom('vip_subscriptions').selectAll().where('provider_ref', '=', ref).executeTakeFirst(),

    latestOf: (userId: number) =>
      db
        .selectFrom('vip_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** A subscription that still renews or still runs (a canceled one until its period ends). */
    running: (userId: number, now: number) =>
      db
        .selectFrom('vip_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where((w) =>
          w.or([w('state', '=', 'active'), w.and([w('state', '=', 'canceled'), w('period_end', '>', now)])]),
        )
        .executeTakeFirst(),

    /**
     * A paid period up to `periodEnd`: the subscription becomes active (a canceled one stays
     * canceled) and the member is VIP at least until then. Only a later period end changes
     * anything, so a confirmation delivered many times, or out of order, pays once.
     */
    async paidUntil(trx: Q, row: SubscriptionRow, periodEnd: number): Promise<boolean> {
      const result = await trx
        .updateTable('vip_subscriptions')
        .set({
          state: sql<string>`CASE WHEN state = 'canceled' THEN 'canceled' ELSE 'active' END`,
          period_end: periodEnd,
          updated_at: Date.now(),
        })
        .where('id', '=', row.id)
        .where('state', '!=', 'ended')
        .where('period_end', '<', periodEnd)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // A write to users: every instance drops its cached row (db/member-writes.ts).
      await trx
        .updateTable('users')
        .set({
          vip_until: sql<number>`CASE WHEN vip_until > ${periodEnd} THEN vip_until ELSE ${periodEnd} END`,
        })
        .where('id', '=', row.user_id)
        .execute();
      return true;
    },

    /** Moves a subscription on to `to` only from one of `from` (one of concurrent deliveries wins). */
    async transition(id: number, from: string[], to: string, q: Q = db): Promise<boolean> {
      const result = await q
        .updateTable('vip_subscriptions')
        .set({ state: to, updated_at: Date.now() })
        .where('id', '=', id)
        .where('state', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type SubscriptionStore = ReturnType<typeof subscriptionStore>;
