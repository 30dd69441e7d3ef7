import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { Database, GoldPaymentsTable } from '../../db/schema';

export type PaymentRow = Selectable<GoldPaymentsTable>;
type Q = Kysely<Database>;

/** Gold purchases and their state (pending, paid, refunded): all their SQL. */
export function paymentStore(db: Db) {
  return {
    async insert(
      values: Omit<
        PaymentRow,
        'id' | 'payment_ref' | 'state' | 'created_at' | 'updated_at' | 'checkout_url' | 'request_key'
      > & {
        /** The client's idempotency key (absent: a payment opened outside the API, e.g. in tests). */
        request_key?: string;
        now: number;
      },
    ): Promise<PaymentRow> {
      const { now, ...rest } = values;
      return db
        .insertInto('gold_payments')
        .values({ ...rest, state: 'pending', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setProviderRef(id: number, ref: string, checkoutUrl: string): Promise<void> {
      await db
        .updateTable('gold_payments')
        .set({ provider_ref: ref, checkout_url: checkoutUrl })
        .where('id', '=', id)
        .execute();
    },

    /** The member's payment opened under this idempotency key, if any. */
    byRequestKey(userId: number, key: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('gold_payments')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_key', '=', key)
        .executeTakeFirst();
    },

    byId(id: number, q: Q = db): Promise<PaymentRow | undefined> {
      return q.selectFrom('gold_payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byProviderRef(ref: string, q: Q = db): Promise<PaymentRow | undefined> {
      return q.selectFrom('gold_payments').selectAll().where('provider_ref', '=', ref).executeTakeFirst();
    },

    byPaymentRef(ref: string, q: Q = db): Promise<PaymentRow | undefined> {
      return q.selectFrom('gold_payments').selectAll().where('payment_ref', '=', ref).executeTakeFirst();
    },

    /**
     * Moves a payment from one state to the next, only if it is still in `from`: of concurrent
     * webhook deliveries exactly one wins (the UPDATE locks the row on PostgreSQL; SQLite has one writer).
     */
    async transition(trx: Q, id: number, from: string, to: string, paymentRef?: string): Promise<boolean> {
      const result = await trx
        .updateTable('gold_payments')
        .set({ state: to, updated_at: Date.now(), ...(paymentRef ? { payment_ref: paymentRef } : {}) })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type PaymentStore = ReturnType<typeof paymentStore>;
