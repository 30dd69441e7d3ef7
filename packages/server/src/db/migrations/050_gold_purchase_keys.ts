import type { Kysely } from 'kysely';

/**
 * A gold purchase takes the client's idempotency key (docs/ledger.md): one checkout per key and
 * member, so a retried or double-clicked purchase opens the same checkout instead of a second
 * payment. The checkout's address is kept to answer the retry with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gold_payments').addColumn('request_key', 'varchar(120)').execute();
  await db.schema.alterTable('gold_payments').addColumn('checkout_url', 'varchar(2000)').execute();
  // Older payments have no key (NULL): both databases let NULLs repeat under a unique index.
  await db.schema
    .createIndex('gold_payments_request_key')
    .on('gold_payments')
    .columns(['user_id', 'request_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gold_payments_request_key').execute();
  await db.schema.alterTable('gold_payments').dropColumn('checkout_url').execute();
  await db.schema.alterTable('gold_payments').dropColumn('request_key').execute();
}
