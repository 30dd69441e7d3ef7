import type { Kysely } from 'kysely';
import { idColumnType, primaryId } from '../dialect';

/**
 * The double-entry ledger (docs/ledger.md): accounts with a kept balance, transfers (one per
 * money-moving request, unique by idempotency key) and their entries, which sum to zero.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', idColumnType(db), primaryId(db))
    // member:<uid>:<currency> or system:<name>:<currency>
    .addColumn('key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    // System accounts may go below zero and keep no balance (it is summed from entries).
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('fingerprint', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(300)')
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('transfer_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    // Signed: a debit is negative, a credit positive; a transfer's entries sum to zero.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_account')
    .on('ledger_entries')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_accounts_owner')
    .on('ledger_accounts')
    .columns(['owner_id', 'currency'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_transfers').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
