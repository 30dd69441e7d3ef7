import type { Kysely } from 'kysely';

/**
 * SHARE_LOVE counts a member's love shares in the last 24 hours (docs/premium.md, "SHARE_LOVE
 * counters"): the ledger's transfers by actor and kind, newest first. Without this index each
 * count would read every transfer ever written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ledger_transfers_actor')
    .on('ledger_transfers')
    .columns(['actor_id', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_transfers_actor').execute();
}
