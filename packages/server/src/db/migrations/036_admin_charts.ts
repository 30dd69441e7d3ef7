import type { Kysely } from 'kysely';

/**
 * The dashboard's gifts and gold-sold charts (docs/analytics.md) count one day at a time, like
 * sign-ups and messages (migration 028): creation-time indexes on gift sends and gold payments.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('gift_sends_created').on('gift_sends').column('created_at').execute();
  await db.schema
    .createIndex('gold_payments_state_created')
    .on('gold_payments')
    .columns(['state', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gold_payments_state_created').execute();
  await db.schema.dropIndex('gift_sends_created').execute();
}
