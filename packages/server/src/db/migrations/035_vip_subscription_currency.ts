import type { Kysely } from 'kysely';

/**
 * VIP subscriptions through the payment provider (docs/premium.md, "VIP as a subscription"): the
 * currency the member chose, so the price shown per period is the one charged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('vip_subscriptions')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('eur'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vip_subscriptions').dropColumn('currency').execute();
}
